import { defaultSettings, defaultTexts, type SiteSettings } from '@site/domain';
import { settingsMessages } from '@site/domain/settings-schema';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { answerRequests, type SentRequest } from '#web-test/api.ts';
import { renderWithProviders } from '#web-test/render.tsx';
import { TextsSection } from './texts-section';

/** The texts section over a server that saves what it is sent and counts the version up. */
function renderSection(texts: SiteSettings['texts'] = defaultSettings.texts) {
  const requests = answerRequests((request) => {
    const body = request.body as { version: number; texts: SiteSettings['texts'] };
    return { status: 200, body: { settings: { ...defaultSettings, texts: body.texts }, version: body.version + 1 } };
  });
  const { user } = renderWithProviders(<TextsSection texts={texts} brand="Fitzroy Joinery" version={3} />);
  return { requests, user, section: within(screen.getByRole('region', { name: 'Page texts' })) };
}

const sentTexts = (requests: SentRequest[]) =>
  requests.filter(({ method }) => method === 'PUT').map(({ body }) => (body as { texts: SiteSettings['texts'] }).texts);

describe('the page texts: highlights and the about intro', () => {
  test('show the defaults, and save the owner’s highlights one a line, blank lines dropped', async () => {
    const { requests, user, section } = renderSection();
    const highlights = section.getByRole('textbox', { name: 'Highlights' });
    expect(highlights).toHaveValue(defaultTexts.highlights.join('\n'));
    expect(highlights).toHaveAccessibleDescription('Default');
    expect(section.getByRole('textbox', { name: 'About intro' })).toHaveValue(
      'Bespoke kitchens and bathrooms, designed and built in Melbourne for over a decade.',
    );

    await user.clear(highlights);
    await user.type(highlights, 'Family owned since 2019{Enter}{Enter}3-year workmanship guarantee');
    const intro = section.getByRole('textbox', { name: 'About intro' });
    await user.clear(intro);
    await user.type(intro, 'Kitchens made in Fitzroy since 2019.');
    await user.click(section.getByRole('button', { name: 'Save page texts' }));

    await screen.findByText('Page texts saved');
    const [sent] = sentTexts(requests);
    expect(sent.highlights).toEqual(['Family owned since 2019', '3-year workmanship guarantee']);
    expect(sent.aboutIntro).toBe('Kitchens made in Fitzroy since 2019.');
    expect(sent.heroHeadline).toBeNull();
  });

  test('Restore default puts the owner’s highlights back to the default list, sent as null', async () => {
    const { requests, user, section } = renderSection({ ...defaultSettings.texts, highlights: ['Family owned since 2019'] });
    const highlights = section.getByRole('textbox', { name: 'Highlights' });
    expect(highlights).toHaveValue('Family owned since 2019');
    await user.click(section.getByRole('button', { name: 'Restore default highlights' }));
    expect(highlights).toHaveValue(defaultTexts.highlights.join('\n'));
    await user.click(section.getByRole('button', { name: 'Save page texts' }));

    await screen.findByText('Page texts saved');
    expect(sentTexts(requests)[0].highlights).toBeNull();
  });

  test('refuse a highlight too short, and send nothing', async () => {
    const { requests, user, section } = renderSection();
    const highlights = section.getByRole('textbox', { name: 'Highlights' });
    await user.clear(highlights);
    await user.type(highlights, 'Ok');
    await user.click(section.getByRole('button', { name: 'Save page texts' }));

    await waitFor(() => expect(highlights).toHaveAccessibleDescription(settingsMessages.highlights));
    expect(sentTexts(requests)).toEqual([]);
  });
});
