import { defaultSettings, type SiteSettings } from '@site/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { answerRequests, type Answer, type SentRequest } from '#web-test/api.ts';
import { renderWithProviders } from '#web-test/render.tsx';
import type { AdminSettings } from '#web/lib/admin/settings-query.ts';
import SettingsTab from './settings-tab';

const settings: SiteSettings = {
  ...defaultSettings,
  business: { ...defaultSettings.business, brand: 'Fitzroy Joinery', phone: '(03) 9123 4567' },
  links: { instagram: 'https://www.instagram.com/fitzroyjoinery/' },
};
const saved: AdminSettings = { settings, version: 3, updatedAt: '2026-03-02T03:04:00.000Z', updatedBy: 'sam' };

/** A server that keeps what each PUT sends, section by section, and counts the version up. */
function settingsServer(other: (request: SentRequest) => Answer | undefined = () => undefined) {
  let current = saved;
  return answerRequests((request) => {
    const answer = other(request);
    if (answer) return answer;
    if (request.method === 'PUT' && request.url === '/api/settings') {
      const {
        version,
        currentPassword: _password,
        ...sections
      } = request.body as Partial<SiteSettings> & { version: number; currentPassword?: string };
      current = { ...current, settings: { ...current.settings, ...sections }, version: version + 1 };
      return { status: 200, body: current };
    }
    return { status: 200, body: current };
  });
}

const puts = (requests: SentRequest[]) => requests.filter(({ method }) => method === 'PUT');
const region = (name: string) => screen.getByRole('region', { name });

async function typeInto(user: ReturnType<typeof renderWithProviders>['user'], field: HTMLElement, text: string) {
  await user.clear(field);
  await user.type(field, text);
}

afterEach(() => vi.unstubAllGlobals());
// Typing into the forms is slow on a busy machine.
vi.setConfig({ testTimeout: 120_000 });

describe('unsaved changes in the Settings tab', () => {
  test("another section's Save asks first, saves only its own section, and keeps the other's changes when the owner keeps editing", async () => {
    const requests = settingsServer();
    const { user } = renderWithProviders(<SettingsTab />);
    const business = await screen.findByRole('region', { name: 'Business details' });
    const phone = within(business).getByRole('textbox', { name: 'Phone' });
    expect(within(business).queryByText('Unsaved changes')).not.toBeInTheDocument();
    await typeInto(user, phone, '0412 345 678');
    expect(await within(business).findByText('Unsaved changes')).toBeVisible();

    const links = region('Links');
    await typeInto(user, within(links).getByRole('textbox', { name: 'Houzz' }), 'https://www.houzz.com.au/pro/fitzroyjoinery');
    await user.click(within(links).getByRole('button', { name: 'Save links' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Unsaved changes' });
    expect(dialog).toHaveTextContent(
      'Business details has changes that are not saved. Saving links does not save them: keep editing to save them next, or discard them.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));

    expect(await screen.findByText('Links saved')).toBeVisible();
    expect(puts(requests)).toHaveLength(1);
    expect(puts(requests)[0].body).toEqual({
      version: 3,
      links: { instagram: 'https://www.instagram.com/fitzroyjoinery/', houzz: 'https://www.houzz.com.au/pro/fitzroyjoinery' },
    });
    // The phone typed is still there, still marked, and is saved with its own Save (nothing else unsaved: no question).
    expect(phone).toHaveValue('0412 345 678');
    expect(within(business).getByText('Unsaved changes')).toBeVisible();
    expect(within(links).queryByText('Unsaved changes')).not.toBeInTheDocument();
    await user.click(within(business).getByRole('button', { name: 'Save business details' }));
    expect(await screen.findByText('Business details saved')).toBeVisible();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(puts(requests)[1].body).toEqual({ version: 4, business: { ...settings.business, phone: '0412 345 678' } });
    await waitFor(() => expect(within(business).queryByText('Unsaved changes')).not.toBeInTheDocument());
  });

  test('"Discard changes" puts the saved values back, then the other section is saved', async () => {
    const requests = settingsServer();
    const { user } = renderWithProviders(<SettingsTab />);
    const business = await screen.findByRole('region', { name: 'Business details' });
    const phone = within(business).getByRole('textbox', { name: 'Phone' });
    await typeInto(user, phone, '0412 345 678');
    const privacy = region('Privacy');
    await user.click(within(privacy).getByRole('button', { name: 'Save privacy' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Discard changes' }));

    expect(await screen.findByText('Privacy saved')).toBeVisible();
    expect(phone).toHaveValue('(03) 9123 4567');
    expect(within(business).queryByText('Unsaved changes')).not.toBeInTheDocument();
    expect(puts(requests).map((request) => Object.keys(request.body as object))).toEqual([['version', 'privacy']]);
  });

  test('closing or reloading the page with unsaved changes gets the browser to ask, and not once they are saved', async () => {
    settingsServer();
    const { user } = renderWithProviders(<SettingsTab />);
    const links = await screen.findByRole('region', { name: 'Links' });
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    await typeInto(user, within(links).getByRole('textbox', { name: 'Houzz' }), 'https://www.houzz.com.au/pro/fitzroyjoinery');
    await within(links).findByText('Unsaved changes');
    expect(unload()).toBe(true);
    await user.click(within(links).getByRole('button', { name: 'Save links' }));
    await screen.findByText('Links saved');
    await waitFor(() => expect(unload()).toBe(false));
  });
});
