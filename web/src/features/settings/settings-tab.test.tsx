import { accountMessages, consumerGuideDefaultUrl, defaultSettings, defaultTexts, quoteMessages, type SiteSettings } from '@site/domain';
import { sensitiveSettingsReason, settingsMessages } from '@site/domain/settings-schema';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { answerRequests, type Answer, type SentRequest } from '#web-test/api.ts';
import { renderWithProviders } from '#web-test/render.tsx';
import type { AdminSettings } from '#web/lib/admin/settings-query.ts';
import SettingsTab from './settings-tab';

const settings: SiteSettings = {
  ...defaultSettings,
  business: {
    brand: 'Fitzroy Joinery',
    legalName: 'Fitzroy Joinery Pty Ltd',
    abn: '51824753556',
    phone: '(03) 9123 4567',
    email: 'hello@fitzroyjoinery.com.au',
    street: '4 Smith Street',
    suburb: 'Fitzroy',
    state: 'VIC',
    postcode: '3065',
    serviceArea: 'Melbourne, Victoria',
    siteUrl: 'https://www.fitzroyjoinery.com.au',
  },
  hours: {
    weekly: [[], [{ from: '08:00', to: '17:30' }], [{ from: '08:00', to: '17:30' }], [], [], [], [{ from: '09:00', to: '12:00' }]],
    closures: [],
  },
  notifications: { emails: ['sam@fitzroyjoinery.com.au'], mobiles: ['+61412345678'], followUpAfterHours: 4, smsOptOut: false },
  links: { instagram: 'https://www.instagram.com/fitzroyjoinery/' },
  privacy: { leadRetentionMonths: 36 },
  texts: { ...defaultSettings.texts, heroHeadline: 'Kitchens made in Fitzroy' },
};
const saved: AdminSettings = { settings, version: 3, updatedAt: '2026-03-02T03:04:00.000Z', updatedBy: 'sam' };

/** The tab over a server that answers GET /api/settings with `current` and PUTs with `onPut` (by default, saves and counts the version up). */
function renderTab(onPut?: (request: SentRequest) => Answer, current: () => AdminSettings = () => saved) {
  const requests = answerRequests((request) => {
    if (request.method === 'PUT' && onPut) return onPut(request);
    if (request.method === 'PUT') {
      const body = request.body as Partial<SiteSettings> & { version: number };
      const { version, ...sections } = body;
      return { status: 200, body: { ...current(), settings: { ...current().settings, ...sections }, version: version + 1 } };
    }
    return { status: 200, body: current() };
  });
  const { user } = renderWithProviders(<SettingsTab />);
  return { requests, user };
}

const section = (name: string) => screen.getByRole('region', { name });
const puts = (requests: SentRequest[]) => requests.filter(({ method }) => method === 'PUT');

/** The dialog a save of bank details, the site address or staff recipients opens: its reason, then the password typed and sent. */
async function confirmWithPassword(user: ReturnType<typeof renderTab>['user'], title: string, password = 'my password') {
  const dialog = await screen.findByRole('dialog', { name: title });
  expect(dialog).toHaveAccessibleDescription(sensitiveSettingsReason);
  const field = within(dialog).getByLabelText(/^Current password/);
  await user.clear(field);
  await user.type(field, password);
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  return dialog;
}

describe('the Settings tab', () => {
  test('shows the saved settings, who saved them last, and where the first values came from', async () => {
    renderTab(undefined, () => ({ ...saved, seededFrom: ['BUSINESS_PHONE', 'STAFF_EMAILS'] }));

    expect(await screen.findByText('Last saved by sam on 2 March 2026 at 2:04 pm.')).toBeVisible();
    expect(screen.getByText(/from its environment variables: BUSINESS_PHONE, STAFF_EMAILS\./)).toBeVisible();

    const business = section('Business details');
    expect(within(business).getByRole('textbox', { name: 'Brand name' })).toHaveValue('Fitzroy Joinery');
    expect(within(business).getByRole('textbox', { name: 'Phone' })).toHaveValue('(03) 9123 4567');
    expect(within(business).getByRole('combobox', { name: 'State' })).toHaveValue('VIC');

    const hours = section('Opening hours');
    expect(within(within(hours).getByRole('group', { name: 'Monday' })).getByLabelText('Closes')).toHaveValue('17:30');
    expect(within(hours).getByRole('group', { name: 'Sunday' })).toHaveTextContent('Closed');
    expect(within(within(hours).getByRole('group', { name: 'Saturday' })).getByLabelText('Opens')).toHaveValue('09:00');

    const notifications = section('Staff notifications');
    expect(within(notifications).getByRole('textbox', { name: 'Staff email 1' })).toHaveValue('sam@fitzroyjoinery.com.au');
    expect(within(notifications).getByRole('textbox', { name: 'Staff mobile 1' })).toHaveValue('+61412345678');
    expect(within(notifications).getByRole('spinbutton', { name: 'Follow-up delay in business hours' })).toHaveValue(4);

    expect(within(section('Links')).getByRole('textbox', { name: 'Instagram' })).toHaveValue('https://www.instagram.com/fitzroyjoinery/');
    expect(within(section('Links')).getByRole('textbox', { name: 'Houzz' })).toHaveValue('');
    expect(within(section('Privacy')).getByRole('spinbutton', { name: 'Lead retention in months' })).toHaveValue(36);
    expect(section('Privacy')).toHaveTextContent("The site's privacy page states this same retention");

    const texts = section('Page texts');
    const headline = within(texts).getByRole('textbox', { name: 'Hero headline' });
    expect(headline).toHaveValue('Kitchens made in Fitzroy');
    expect(headline).not.toHaveAccessibleDescription('Default');
    const intro = within(texts).getByRole('textbox', { name: 'Hero intro' });
    expect(intro).toHaveValue(defaultTexts.heroIntro);
    expect(intro).toHaveAccessibleDescription('Default');
    // The about story's default names the saved brand, as the about page does.
    expect(within(texts).getByRole('textbox', { name: 'About story' })).toHaveValue(defaultTexts.aboutStory('Fitzroy Joinery'));
  });

  test('saving the business details sends that section alone with the version, and says so', async () => {
    const { requests, user } = renderTab();
    const business = await screen.findByRole('region', { name: 'Business details' });
    const phone = within(business).getByRole('textbox', { name: 'Phone' });
    await user.clear(phone);
    await user.type(phone, '0412 345 678');
    await user.clear(within(business).getByRole('textbox', { name: 'Legal name' }));
    await user.click(within(business).getByRole('button', { name: 'Save business details' }));

    expect(await screen.findByText(/ saved$/)).toBeVisible();
    expect(puts(requests)).toEqual([
      {
        method: 'PUT',
        url: '/api/settings',
        // An emptied optional field is left out, as the server stores it.
        body: { version: 3, business: { ...settings.business, legalName: undefined, phone: '0412 345 678' } },
      },
    ]);
    expect(Object.keys((puts(requests)[0].body as { business: object }).business)).not.toContain('legalName');
  });

  test("the browser checks a section with the server's rules before sending it", async () => {
    const { requests, user } = renderTab();
    const business = await screen.findByRole('region', { name: 'Business details' });
    const postcode = within(business).getByRole('textbox', { name: 'Postcode' });
    await user.clear(postcode);
    await user.type(postcode, '30650');
    await user.click(within(business).getByRole('button', { name: 'Save business details' }));

    expect(await within(business).findByRole('alert')).toHaveTextContent(settingsMessages.postcode);
    expect(postcode).toHaveAccessibleDescription(settingsMessages.postcode);
    expect(postcode).toHaveFocus();
    expect(puts(requests)).toEqual([]);
  });

  test('a field the server refuses shows its message under that field, and the first is announced', async () => {
    const refusal = 'Phone: this number is not in service';
    const { user } = renderTab(() => ({
      status: 400,
      body: { message: refusal, errors: { business: refusal, 'business.phone': refusal, 'business.email': settingsMessages.email } },
    }));
    const business = await screen.findByRole('region', { name: 'Business details' });
    await user.click(within(business).getByRole('button', { name: 'Save business details' }));

    expect(await within(business).findByRole('alert')).toHaveTextContent(refusal);
    const phone = within(business).getByRole('textbox', { name: 'Phone' });
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(phone).toHaveAccessibleDescription(refusal);
    expect(phone).toHaveFocus();
    expect(within(business).getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(settingsMessages.email);
    expect(within(business).getByRole('textbox', { name: 'Suburb' })).toHaveAttribute('aria-invalid', 'false');
  });

  test("a save after someone else's shows the server's message, and Reload settings reads theirs", async () => {
    const conflict = 'Someone saved the settings after you opened them: reload to see their change, then make yours again';
    let current = saved;
    const { requests, user } = renderTab(
      () => ({ status: 409, body: { message: conflict } }),
      () => current,
    );
    const links = await screen.findByRole('region', { name: 'Links' });
    await user.type(within(links).getByRole('textbox', { name: 'Houzz' }), 'https://www.houzz.com.au/pro/fitzroy');
    await user.click(within(links).getByRole('button', { name: 'Save links' }));

    expect(await within(links).findByRole('alert')).toHaveTextContent(conflict);
    current = {
      ...saved,
      version: 4,
      updatedBy: 'alex',
      settings: { ...settings, business: { ...settings.business, brand: 'Fitzroy Kitchens' } },
    };
    await user.click(within(links).getByRole('button', { name: 'Reload settings' }));

    expect(await screen.findByText('Last saved by alex on 2 March 2026 at 2:04 pm.')).toBeVisible();
    expect(within(section('Business details')).getByRole('textbox', { name: 'Brand name' })).toHaveValue('Fitzroy Kitchens');
    // The links nobody else changed keep the edit, ready to be saved again.
    expect(within(links).getByRole('textbox', { name: 'Houzz' })).toHaveValue('https://www.houzz.com.au/pro/fitzroy');
    expect(within(links).queryByRole('alert')).not.toBeInTheDocument();
    expect(requests.filter(({ method }) => method === 'GET')).toHaveLength(2);
  });

  test('a closure added to the hours is saved with the week', async () => {
    const { requests, user } = renderTab();
    const hours = await screen.findByRole('region', { name: 'Opening hours' });
    expect(within(hours).getByText('No closures.')).toBeVisible();
    await user.click(within(hours).getByRole('button', { name: 'Add a closure' }));

    const closure = within(hours).getByRole('group', { name: 'Closure 1' });
    expect(within(closure).getByLabelText('First day')).toHaveFocus();
    await user.type(within(closure).getByLabelText('First day'), '2026-12-24');
    await user.type(within(closure).getByLabelText('Last day'), '2027-01-04');
    await user.type(within(closure).getByRole('textbox', { name: 'Label' }), 'Christmas shutdown');
    await user.click(within(hours).getByRole('button', { name: 'Save opening hours' }));

    expect(await screen.findByText(/ saved$/)).toBeVisible();
    expect(puts(requests).map(({ body }) => body)).toEqual([
      {
        version: 3,
        hours: { weekly: settings.hours.weekly, closures: [{ from: '2026-12-24', to: '2027-01-04', label: 'Christmas shutdown' }] },
      },
    ]);
  });

  test('a closure ending before it starts is refused under its last day', async () => {
    const { requests, user } = renderTab();
    const hours = await screen.findByRole('region', { name: 'Opening hours' });
    await user.click(within(hours).getByRole('button', { name: 'Add a closure' }));
    const closure = within(hours).getByRole('group', { name: 'Closure 1' });
    await user.type(within(closure).getByLabelText('First day'), '2026-12-24');
    await user.type(within(closure).getByLabelText('Last day'), '2026-12-20');
    await user.type(within(closure).getByRole('textbox', { name: 'Label' }), 'Christmas shutdown');
    await user.click(within(hours).getByRole('button', { name: 'Save opening hours' }));

    expect(await within(hours).findByRole('alert')).toHaveTextContent(settingsMessages.closureOrder);
    expect(within(closure).getByLabelText('Last day')).toHaveAccessibleDescription(settingsMessages.closureOrder);
    expect(puts(requests)).toEqual([]);
  });

  test('a day can be closed and opened again', async () => {
    const { requests, user } = renderTab();
    const hours = await screen.findByRole('region', { name: 'Opening hours' });
    const monday = within(hours).getByRole('group', { name: 'Monday' });
    await user.click(within(monday).getByRole('button', { name: "Remove Monday's hours" }));
    expect(monday).toHaveTextContent('Closed');
    const sunday = within(hours).getByRole('group', { name: 'Sunday' });
    await user.click(within(sunday).getByRole('button', { name: 'Open on Sunday' }));
    await user.click(within(hours).getByRole('button', { name: 'Save opening hours' }));

    await screen.findByText(/ saved$/);
    const { weekly } = (puts(requests)[0].body as { hours: SiteSettings['hours'] }).hours;
    expect(weekly[0]).toEqual([{ from: '08:00', to: '17:00' }]);
    expect(weekly[1]).toEqual([]);
  });

  test('a range that closes before it opens is refused under its day', async () => {
    const { requests, user } = renderTab();
    const hours = await screen.findByRole('region', { name: 'Opening hours' });
    const tuesday = within(hours).getByRole('group', { name: 'Tuesday' });
    const closes = within(tuesday).getByLabelText('Closes');
    await user.clear(closes);
    await user.type(closes, '07:00');
    await user.click(within(hours).getByRole('button', { name: 'Save opening hours' }));

    expect(await within(hours).findByRole('alert')).toHaveTextContent(settingsMessages.range);
    expect(tuesday).toHaveAccessibleDescription(settingsMessages.range);
    expect(within(hours).getByRole('group', { name: 'Monday' })).not.toHaveAccessibleDescription();
    expect(puts(requests)).toEqual([]);
  });

  test('staff emails can be added and removed, and the follow-up reminder turned off', async () => {
    const { requests, user } = renderTab();
    const notifications = await screen.findByRole('region', { name: 'Staff notifications' });
    await user.click(within(notifications).getByRole('button', { name: 'Add an email address' }));
    const added = within(notifications).getByRole('textbox', { name: 'Staff email 2' });
    expect(added).toHaveFocus();
    await user.type(added, 'Alex@FitzroyJoinery.com.au');
    await user.click(within(notifications).getByRole('button', { name: 'Remove staff mobile 1' }));
    await user.click(within(notifications).getByRole('radio', { name: 'Off' }));
    expect(within(notifications).queryByRole('spinbutton')).not.toBeInTheDocument();
    await user.click(within(notifications).getByRole('button', { name: 'Save staff notifications' }));
    // Who gets staff alerts changes: nothing is sent before the password.
    expect(puts(requests)).toEqual([]);
    await confirmWithPassword(user, 'Save staff notifications');

    await screen.findByText(/ saved$/);
    expect(puts(requests).map(({ body }) => body)).toEqual([
      {
        version: 3,
        notifications: {
          emails: ['sam@fitzroyjoinery.com.au', 'alex@fitzroyjoinery.com.au'],
          mobiles: [],
          followUpAfterHours: null,
          smsOptOut: false,
        },
        currentPassword: 'my password',
      },
    ]);
  });

  test('lead retention can be kept until someone asks', async () => {
    const { requests, user } = renderTab();
    const privacy = await screen.findByRole('region', { name: 'Privacy' });
    await user.click(within(privacy).getByRole('radio', { name: 'Keep until someone asks' }));
    await user.click(within(privacy).getByRole('button', { name: 'Save privacy' }));

    await screen.findByText(/ saved$/);
    expect(puts(requests).map(({ body }) => body)).toEqual([{ version: 3, privacy: { leadRetentionMonths: null } }]);
  });

  test('Restore default puts a page text back to its default, sent as null', async () => {
    const { requests, user } = renderTab();
    const texts = await screen.findByRole('region', { name: 'Page texts' });
    const headline = within(texts).getByRole('textbox', { name: 'Hero headline' });
    await user.click(within(texts).getByRole('button', { name: 'Restore default hero headline' }));

    expect(headline).toHaveValue(defaultTexts.heroHeadline);
    expect(headline).toHaveAccessibleDescription('Default');
    expect(within(texts).getByRole('button', { name: 'Restore default hero headline' })).toBeDisabled();
    const summary = within(texts).getByRole('textbox', { name: 'Kitchens summary' });
    await user.clear(summary);
    await user.type(summary, 'Kitchens built in our Fitzroy workshop.');
    await user.click(within(texts).getByRole('button', { name: 'Save page texts' }));

    await screen.findByText(/ saved$/);
    const sent = puts(requests).map(({ body }) => body as { version: number; texts: SiteSettings['texts'] });
    expect(sent).toHaveLength(1);
    expect(sent[0].texts.heroHeadline).toBeNull();
    expect(sent[0].texts.heroIntro).toBeNull();
    expect(sent[0].texts.services.kitchen).toEqual({ title: null, summary: 'Kitchens built in our Fitzroy workshop.', description: null });
    await waitFor(() =>
      expect(within(texts).getByRole('textbox', { name: 'Kitchens summary' })).not.toHaveAccessibleDescription('Default'),
    );
  });
});

describe('the online booking section', () => {
  test('shows the booking settings and saves them as the booking section', async () => {
    const { requests, user } = renderTab();
    const booking = await screen.findByRole('region', { name: 'Online booking' });
    expect(within(booking).getByRole('switch', { name: 'Customers can book a free measure online' })).toBeChecked();
    expect(within(booking).getByRole('spinbutton', { name: 'Visit length in minutes' })).toHaveValue(60);
    expect(within(booking).getByRole('spinbutton', { name: 'Travel buffer in minutes' })).toHaveValue(30);
    expect(within(booking).getByRole('spinbutton', { name: 'Minimum notice in hours' })).toHaveValue(24);
    expect(within(booking).getByRole('spinbutton', { name: 'How far ahead in weeks' })).toHaveValue(8);
    expect(within(within(booking).getByRole('group', { name: 'Monday' })).getByLabelText('Until')).toHaveValue('16:00');
    expect(within(booking).getByRole('group', { name: 'Sunday' })).toHaveTextContent('No visits');
    const area = within(booking).getByRole('textbox', { name: 'Service area' });
    expect(area).toHaveValue(defaultSettings.booking.area.join('\n'));

    const visit = within(booking).getByRole('spinbutton', { name: 'Visit length in minutes' });
    await user.clear(visit);
    await user.type(visit, '90');
    await user.click(within(booking).getByRole('button', { name: 'Take visits on Saturday' }));
    await user.clear(area);
    await user.type(area, '3070{Enter}3000 - 3207{Enter}{Enter}Box Hill');
    await user.click(within(booking).getByRole('switch', { name: 'Customers can book a free measure online' }));
    await user.click(within(booking).getByRole('button', { name: 'Save online booking' }));

    expect(await screen.findByText('Online booking saved')).toBeVisible();
    const weekly = [...defaultSettings.booking.weekly];
    weekly[6] = [{ from: '09:00', to: '16:00' }];
    expect(puts(requests)).toEqual([
      {
        method: 'PUT',
        url: '/api/settings',
        body: {
          version: 3,
          booking: { ...defaultSettings.booking, enabled: false, visitMinutes: 90, weekly, area: ['3070', '3000-3207', 'Box Hill'] },
        },
      },
    ]);
  });

  test("the browser checks the section with the server's messages before sending it", async () => {
    const { requests, user } = renderTab();
    const booking = await screen.findByRole('region', { name: 'Online booking' });
    const visit = within(booking).getByRole('spinbutton', { name: 'Visit length in minutes' });
    await user.clear(visit);
    await user.type(visit, '50');
    const monday = within(booking).getByRole('group', { name: 'Monday' });
    const until = within(monday).getByLabelText('Until');
    await user.clear(until);
    await user.type(until, '08:00');
    await user.clear(within(booking).getByRole('textbox', { name: 'Service area' }));
    await user.click(within(booking).getByRole('button', { name: 'Save online booking' }));

    expect(await within(booking).findByRole('alert')).toHaveTextContent(settingsMessages.visitMinutes);
    expect(visit).toHaveAccessibleDescription(settingsMessages.visitMinutes);
    expect(monday).toHaveTextContent(settingsMessages.bookingRange);
    expect(within(booking).getByRole('textbox', { name: 'Service area' })).toHaveAccessibleDescription(settingsMessages.areaEntries);
    expect(puts(requests)).toEqual([]);
  });

  test('an area entry the server refuses shows its message under the area', async () => {
    const { user } = renderTab(() => ({
      status: 400,
      body: {
        message: settingsMessages.areaEntry,
        errors: { booking: settingsMessages.areaEntry, 'booking.area.1': settingsMessages.areaEntry },
      },
    }));
    const booking = await screen.findByRole('region', { name: 'Online booking' });
    await user.click(within(booking).getByRole('button', { name: 'Save online booking' }));

    expect(await within(booking).findByRole('alert')).toHaveTextContent(settingsMessages.areaEntry);
    expect(within(booking).getByRole('textbox', { name: 'Service area' })).toHaveAccessibleDescription(settingsMessages.areaEntry);
  });
});

describe('the payments section', () => {
  test('an empty deposit is the legal maximum; the bank details are saved as the payments section', async () => {
    const { requests, user } = renderTab();
    const payments = await screen.findByRole('region', { name: 'Payments' });
    const deposit = within(payments).getByRole('textbox', { name: 'Deposit (% of the accepted total)' });
    expect(deposit).toHaveValue('');
    expect(deposit).toHaveAccessibleDescription('Leave empty for the legal maximum: 10% of a price under $20,000 and 5% from $20,000.');
    await user.type(within(payments).getByRole('textbox', { name: 'Bank account name' }), 'Fitzroy Joinery Pty Ltd');
    await user.type(within(payments).getByRole('textbox', { name: 'BSB' }), '063-000');
    await user.type(within(payments).getByRole('textbox', { name: 'Account number' }), '1234 5678');
    await user.click(within(payments).getByRole('button', { name: 'Save payments' }));
    await confirmWithPassword(user, 'Save payments');

    expect(await screen.findByText('Payments saved')).toBeVisible();
    expect(puts(requests)).toEqual([
      {
        method: 'PUT',
        url: '/api/settings',
        body: {
          version: 3,
          payments: {
            depositPercent: null,
            depositDueDays: 7,
            bankAccountName: 'Fitzroy Joinery Pty Ltd',
            bankBsb: '063000',
            bankAccountNumber: '12345678',
            consumerGuideUrl: consumerGuideDefaultUrl,
            onlineDeposits: true,
          },
          currentPassword: 'my password',
        },
      },
    ]);
  });

  test('the deposit is due 7 days after acceptance until the owner sets 1 to 60 days', async () => {
    const { requests, user } = renderTab();
    const payments = await screen.findByRole('region', { name: 'Payments' });
    const due = within(payments).getByRole('spinbutton', { name: 'Deposit due (days after acceptance)' });
    expect(due).toHaveValue(7);
    await user.clear(due);
    await user.type(due, '61');
    await user.click(within(payments).getByRole('button', { name: 'Save payments' }));
    await waitFor(() => expect(due).toHaveAccessibleDescription(settingsMessages.depositDueDays));
    expect(puts(requests)).toEqual([]);

    await user.clear(due);
    await user.type(due, '14');
    await user.click(within(payments).getByRole('button', { name: 'Save payments' }));
    await confirmWithPassword(user, 'Save payments');
    expect(await screen.findByText('Payments saved')).toBeVisible();
    expect(puts(requests).map(({ body }) => (body as { payments: SiteSettings['payments'] }).payments.depositDueDays)).toEqual([14]);
  });

  test('a wrong password is told in the dialog, which stays open; the right one saves the bank details', async () => {
    const wrong = { message: accountMessages.currentPasswordWrong, errors: { currentPassword: accountMessages.currentPasswordWrong } };
    const { requests, user } = renderTab((request) => {
      const body = request.body as { version: number; currentPassword?: string };
      if (body.currentPassword !== 'right password') return { status: 403, body: wrong };
      return {
        status: 200,
        body: { ...saved, settings: { ...settings, payments: { ...settings.payments, bankBsb: '063000' } }, version: 4 },
      };
    });
    const payments = await screen.findByRole('region', { name: 'Payments' });
    await user.type(within(payments).getByRole('textbox', { name: 'Bank account name' }), 'Fitzroy Joinery Pty Ltd');
    await user.type(within(payments).getByRole('textbox', { name: 'BSB' }), '063-000');
    await user.type(within(payments).getByRole('textbox', { name: 'Account number' }), '12345678');
    await user.click(within(payments).getByRole('button', { name: 'Save payments' }));

    const dialog = await confirmWithPassword(user, 'Save payments', 'not it');
    await waitFor(() => expect(within(dialog).getByLabelText(/^Current password/)).toHaveAccessibleDescription(wrong.message));
    expect(dialog).toBeVisible();
    expect(screen.queryByText('Payments saved')).not.toBeInTheDocument();

    await confirmWithPassword(user, 'Save payments', 'right password');
    expect(await screen.findByText('Payments saved')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(puts(requests).map(({ body }) => (body as { currentPassword?: string }).currentPassword)).toEqual(['not it', 'right password']);
  });

  test('asks for the password when the server does, though the tab saw no sensitive change', async () => {
    const required = {
      message: accountMessages.currentPasswordRequired,
      errors: { currentPassword: accountMessages.currentPasswordRequired },
    };
    const { requests, user } = renderTab((request) => {
      const body = request.body as AdminSettings['settings'] & { version: number; currentPassword?: string };
      if (!body.currentPassword) return { status: 403, body: required };
      return { status: 200, body: { ...saved, version: 4 } };
    });
    const business = await screen.findByRole('region', { name: 'Business details' });
    await user.click(within(business).getByRole('button', { name: 'Save business details' }));
    await confirmWithPassword(user, 'Save business details');

    expect(await screen.findByText('Business details saved')).toBeVisible();
    expect(puts(requests).map(({ body }) => (body as { currentPassword?: string }).currentPassword)).toEqual([undefined, 'my password']);
  });

  test('a deposit above the cap and half the bank details are refused with their messages, nothing sent', async () => {
    const { requests, user } = renderTab();
    const payments = await screen.findByRole('region', { name: 'Payments' });
    const deposit = within(payments).getByRole('textbox', { name: 'Deposit (% of the accepted total)' });
    await user.type(deposit, '15');
    await user.type(within(payments).getByRole('textbox', { name: 'BSB' }), '063000');
    await user.click(within(payments).getByRole('button', { name: 'Save payments' }));

    expect(await within(payments).findByRole('alert')).toBeVisible();
    expect(deposit).toHaveAccessibleDescription(quoteMessages.depositPercent(10));
    expect(within(payments).getByRole('textbox', { name: 'Bank account name' })).toHaveAccessibleDescription(
      settingsMessages.bankIncomplete,
    );
    expect(puts(requests)).toEqual([]);
  });

  test('a deposit of 5% is saved as the number', async () => {
    const { requests, user } = renderTab();
    const payments = await screen.findByRole('region', { name: 'Payments' });
    await user.type(within(payments).getByRole('textbox', { name: 'Deposit (% of the accepted total)' }), '5');
    await user.click(within(payments).getByRole('button', { name: 'Save payments' }));
    await confirmWithPassword(user, 'Save payments');
    expect(await screen.findByText('Payments saved')).toBeVisible();
    expect(puts(requests)[0].body).toEqual({
      version: 3,
      payments: { ...defaultSettings.payments, depositPercent: 5 },
      currentPassword: 'my password',
    });
  });
});
