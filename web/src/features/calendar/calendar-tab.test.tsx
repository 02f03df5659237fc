import { bookingMessages, defaultSettings, type Booking, type BookingBlock, type BookingCalendar } from '@site/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { answerRequests, type Answer, type SentRequest } from '#web-test/api.ts';
import { renderWithProviders } from '#web-test/render.tsx';
import { screenWidth } from '#web-test/screen-width.ts';
import CalendarTab from './calendar-tab';

// A browser far from Melbourne: the calendar must read Melbourne's clock whatever the zone.
// 9:30 am on Tuesday 1 December in Melbourne (AEDT, UTC+11) is 2:30 pm on Monday 30 November
// in Los Angeles.
const ownZone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/Los_Angeles';
});
afterAll(() => {
  if (ownZone === undefined) delete process.env.TZ;
  else process.env.TZ = ownZone;
});

const visit: Booking = {
  id: 'b1',
  status: 'booked',
  service: 'kitchen',
  start: '2026-11-30T22:30:00.000Z',
  end: '2026-11-30T23:30:00.000Z',
  firstName: 'Ava',
  lastName: 'Nguyen',
  email: 'ava@example.com',
  mobile: '0412 345 678',
  street: '12 High Street',
  suburb: 'Northcote',
  postcode: '3070',
  notes: 'Side gate is open',
  leadId: 'q1',
  createdAt: '2026-11-20T01:00:00.000Z',
  updatedAt: '2026-11-20T01:00:00.000Z',
  sequence: 0,
};

const leave: BookingBlock = {
  id: 'k1',
  // Thursday 3 December, 9 am to 5 pm in Melbourne.
  start: '2026-12-02T22:00:00.000Z',
  end: '2026-12-03T06:00:00.000Z',
  label: 'Leave',
  createdAt: '2026-11-20T01:00:00.000Z',
};

const feedUrl = 'https://www.fitzroyjoinery.com.au/api/bookings/feed/old-secret.ics';

/** The tab at `day` over a server with `calendar`, answering changes with `onChange` (by default, the changed booking). */
function renderTab(
  {
    day = '2026-12-01',
    calendar = { bookings: [visit], blocks: [leave] },
    next = visit,
  }: { day?: string | null; calendar?: BookingCalendar; next?: Booking | null } = {},
  onChange?: (request: SentRequest) => Answer | undefined,
) {
  const requests = answerRequests((request) => {
    const changed = onChange?.(request);
    if (changed) return changed;
    if (request.url === '/api/settings') return { status: 200, body: { settings: defaultSettings, version: 1 } };
    if (request.url === '/api/bookings/feed')
      return request.method === 'POST'
        ? { status: 200, body: { url: feedUrl.replace('old-secret', 'new-secret') } }
        : { status: 200, body: { url: feedUrl } };
    if (request.method === 'PATCH') return { status: 200, body: { ...visit, ...(request.body as object) } };
    if (request.method === 'POST' && request.url === '/api/bookings/blocks')
      return { status: 201, body: { id: 'k2', createdAt: '2026-11-26T00:00:00.000Z', ...(request.body as object) } };
    if (request.url.startsWith('/api/bookings/next?')) return { status: 200, body: { booking: next } };
    if (request.url.startsWith('/api/bookings?')) return { status: 200, body: calendar };
    return { status: 404, body: { message: 'Not found' } };
  });
  const { user } = renderWithProviders(<CalendarTab />, { url: `/admin?tab=calendar${day ? `&day=${day}` : ''}` });
  return { requests, user };
}

/** A day's column by its heading ("Thu 3 Dec"), which says ", today" on the day the test runs. */
const column = (name: string) => screen.getByRole('region', { name: new RegExp(`^${name}(, today)?$`) });
const sent = (requests: SentRequest[], method: string) => requests.filter((request) => request.method === method);

describe('the Calendar tab on a desktop', () => {
  test("places each visit and blocked time on its Melbourne day and time, and asks for the week's Melbourne days", async () => {
    const { requests } = renderTab();

    expect(await screen.findByRole('button', { name: /9:30 am to 10:30 am/ })).toBeVisible();
    expect(screen.getByRole('heading', { name: '30 November to 6 December 2026' })).toBeVisible();
    const tuesday = column('Tue 1 Dec');
    expect(within(tuesday).getByRole('button', { name: '9:30 am to 10:30 am Kitchen: Ava Nguyen, Northcote' })).toBeVisible();
    expect(within(column('Mon 30 Nov')).queryByRole('button')).toBeNull();
    expect(within(column('Thu 3 Dec')).getByRole('button', { name: '9:00 am to 5:00 pm Blocked: Leave' })).toBeVisible();
    // Monday 30 November to Sunday 6 December, midnight to midnight in Melbourne.
    expect(requests.map(({ url }) => url)).toContain('/api/bookings?from=2026-11-29T13%3A00%3A00.000Z&to=2026-12-06T13%3A00%3A00.000Z');
  });

  test('previous and next week, and today', async () => {
    const { user, requests } = renderTab();
    await screen.findByRole('heading', { name: '30 November to 6 December 2026' });

    await user.click(screen.getByRole('button', { name: 'Next week' }));
    expect(await screen.findByRole('heading', { name: '7 December to 13 December 2026' })).toBeVisible();
    expect(requests.map(({ url }) => url)).toContain('/api/bookings?from=2026-12-06T13%3A00%3A00.000Z&to=2026-12-13T13%3A00%3A00.000Z');

    await user.click(screen.getByRole('button', { name: 'Previous week' }));
    await user.click(screen.getByRole('button', { name: 'Previous week' }));
    expect(await screen.findByRole('heading', { name: '23 November to 29 November 2026' })).toBeVisible();
  });

  test('opened without a day, shows the week of the next visit (not an empty week), and "Next visit" jumps back to it', async () => {
    // Today (whenever the test runs) has nothing; the next visit is about 60 days away, at 00:00
    // UTC, 10 or 11 am in Melbourne: inside the hours the week shows, whatever the hour the test runs.
    const later = new Date(Date.now() + 60 * 24 * 3600 * 1000);
    later.setUTCHours(0, 0, 0, 0);
    const laterVisit = { ...visit, start: later.toISOString(), end: new Date(later.getTime() + 3600 * 1000).toISOString() };
    const { user, requests } = renderTab({ day: null, calendar: { bookings: [laterVisit], blocks: [] }, next: laterVisit });
    expect(await screen.findByRole('button', { name: /Ava Nguyen/ })).toBeVisible();
    expect(requests.find((request) => request.url.startsWith('/api/bookings/next?'))?.url).toMatch(
      /^\/api\/bookings\/next\?from=\d{4}-\d\d-\d\dT1[34]%3A00%3A00\.000Z$/,
    );
    expect(screen.getByRole('button', { name: 'Next visit' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Today' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: /Ava Nguyen/ })).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Next visit' }));
    expect(await screen.findByRole('button', { name: /Ava Nguyen/ })).toBeVisible();
  });

  test('opened without a day and nothing booked, shows this week', async () => {
    renderTab({ day: null, calendar: { bookings: [], blocks: [] }, next: null });
    expect(await screen.findByRole('button', { name: 'Today' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next visit' })).toBeDisabled();
  });

  test("a visit's details: the customer, the notes and a link to its lead", async () => {
    const { user } = renderTab();
    await user.click(await screen.findByRole('button', { name: /Ava Nguyen/ }));

    const dialog = await screen.findByRole('dialog', { name: 'Kitchen measure: Ava Nguyen' });
    expect(dialog).toHaveTextContent('When: Tuesday 1 December at 9:30 am (9:30 am to 10:30 am, Melbourne time)');
    expect(dialog).toHaveTextContent('Address: 12 High Street, Northcote 3070');
    expect(within(dialog).getByRole('link', { name: '12 High Street, Northcote 3070' })).toHaveAttribute(
      'href',
      'https://www.google.com/maps/search/?api=1&query=12%20High%20Street%2C%20Northcote%203070',
    );
    expect(dialog).toHaveTextContent('Notes: Side gate is open');
    expect(within(dialog).getByRole('link', { name: '0412 345 678' })).toHaveAttribute('href', 'tel:+61412345678');
    expect(within(dialog).getByRole('link', { name: 'Open its lead in Quote requests' })).toHaveAttribute(
      'href',
      '/admin?tab=quotes&q=ava%40example.com',
    );
  });

  test("moving a visit to a taken time shows the server's message, and another time moves it", async () => {
    let taken = true;
    const { user, requests } = renderTab({}, (request) =>
      request.method === 'PATCH' && taken ? { status: 409, body: { message: bookingMessages.slotTaken } } : undefined,
    );
    await user.click(await screen.findByRole('button', { name: /Ava Nguyen/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Kitchen measure: Ava Nguyen' });
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));

    const time = within(dialog).getByLabelText(/New time/);
    expect(within(dialog).getByLabelText(/New date/)).toHaveValue('2026-12-01');
    expect(time).toHaveValue('09:30');
    await user.clear(time);
    await user.type(time, '11:00');
    await user.click(within(dialog).getByRole('button', { name: 'Move the visit' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(bookingMessages.slotTaken);
    // 11 am on 1 December in Melbourne.
    expect(sent(requests, 'PATCH')).toEqual([{ method: 'PATCH', url: '/api/bookings/b1', body: { start: '2026-12-01T00:00:00.000Z' } }]);

    taken = false;
    await user.clear(time);
    await user.type(time, '13:00');
    await user.click(within(dialog).getByRole('button', { name: 'Move the visit' }));
    expect(await screen.findByText("Ava Nguyen's visit is now Tuesday 1 December at 1:00 pm. They are sent a new invite.")).toBeVisible();
    expect(sent(requests, 'PATCH').at(-1)?.body).toEqual({ start: '2026-12-01T02:00:00.000Z' });
  });

  test('cancelling a visit asks first, and keeping it sends nothing', async () => {
    const { user, requests } = renderTab();
    await user.click(await screen.findByRole('button', { name: /Ava Nguyen/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Kitchen measure: Ava Nguyen' });

    await user.click(within(dialog).getByRole('button', { name: 'Cancel the visit' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Cancel the visit with Ava Nguyen?' });
    expect(confirm).toHaveAccessibleDescription(
      'Tuesday 1 December at 9:30 am can then be booked by other customers. This cannot be undone.',
    );
    expect(within(confirm).getByRole('button', { name: 'Keep the visit' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(sent(requests, 'PATCH')).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Cancel the visit' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel the visit' }));
    expect(await screen.findByText('The visit with Ava Nguyen is cancelled.')).toBeVisible();
    expect(sent(requests, 'PATCH')).toEqual([{ method: 'PATCH', url: '/api/bookings/b1', body: { status: 'cancelled' } }]);
  });

  test("blocking time: the fields are checked with the API's messages, then the block is sent in Melbourne time", async () => {
    const { user, requests } = renderTab();
    await screen.findByRole('heading', { name: '30 November to 6 December 2026' });
    await user.click(screen.getByRole('button', { name: 'Block time' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block time' });
    expect(within(dialog).getByLabelText('From day')).toHaveValue('2026-12-01');

    const until = within(dialog).getByLabelText('Until time');
    await user.clear(until);
    await user.type(until, '08:00');
    await user.click(within(dialog).getByRole('button', { name: 'Block the time' }));
    expect(await within(dialog).findByText(bookingMessages.blockRange)).toBeVisible();
    expect(within(dialog).getByText(bookingMessages.blockLabel)).toBeVisible();
    expect(sent(requests, 'POST')).toEqual([]);

    await user.clear(until);
    await user.type(until, '17:00');
    await user.type(within(dialog).getByRole('textbox', { name: 'Label' }), 'Leave');
    await user.click(within(dialog).getByRole('button', { name: 'Block the time' }));

    expect(await screen.findByText('Leave: no visits can be booked then.')).toBeVisible();
    expect(sent(requests, 'POST')).toEqual([
      {
        method: 'POST',
        url: '/api/bookings/blocks',
        body: { start: '2026-11-30T22:00:00.000Z', end: '2026-12-01T06:00:00.000Z', label: 'Leave' },
      },
    ]);
  });

  test("a block over a booked visit is refused with the server's message", async () => {
    const { user } = renderTab({}, (request) =>
      request.method === 'POST' && request.url === '/api/bookings/blocks'
        ? { status: 409, body: { message: bookingMessages.blockOverlapsBooking } }
        : undefined,
    );
    await screen.findByRole('heading', { name: '30 November to 6 December 2026' });
    await user.click(screen.getByRole('button', { name: 'Block time' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block time' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Label' }), 'Another job');
    await user.click(within(dialog).getByRole('button', { name: 'Block the time' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(bookingMessages.blockOverlapsBooking);
  });

  test('removing a block asks first', async () => {
    const { user, requests } = renderTab({}, (request) => (request.method === 'DELETE' ? { status: 204 } : undefined));
    await user.click(await screen.findByRole('button', { name: /Blocked: Leave/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Blocked: Leave' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove the block' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove the blocked time "Leave"?' });
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Leave is no longer blocked.')).toBeVisible();
    expect(sent(requests, 'DELETE')).toEqual([{ method: 'DELETE', url: '/api/bookings/blocks/k1', body: undefined }]);
  });

  test('the calendar feed: Subscribe on its webcal address, the https one copied for Google, and a new one after a confirmation', async () => {
    const { user, requests } = renderTab();
    const feed = await screen.findByRole('region', { name: 'Calendar feed' });
    const subscribe = await within(feed).findByRole('link', { name: 'Subscribe' });
    expect(subscribe).toHaveAttribute('href', 'webcal://www.fitzroyjoinery.com.au/api/bookings/feed/old-secret.ics');

    await user.click(within(feed).getByRole('button', { name: 'Copy for Google Calendar' }));
    expect(await screen.findByText('In Google Calendar, choose Other calendars, From URL, and paste it.')).toBeVisible();
    expect(await navigator.clipboard.readText()).toBe(feedUrl);

    await user.click(within(feed).getByRole('button', { name: 'Make a new address' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Make a new calendar address?' });
    expect(confirm).toHaveTextContent('The current address stops working at once');
    await user.click(within(confirm).getByRole('button', { name: 'Make a new address' }));

    await waitFor(() =>
      expect(within(feed).getByRole('link', { name: 'Subscribe' })).toHaveAttribute(
        'href',
        'webcal://www.fitzroyjoinery.com.au/api/bookings/feed/new-secret.ics',
      ),
    );
    expect(sent(requests, 'POST')).toEqual([{ method: 'POST', url: '/api/bookings/feed', body: undefined }]);
  });
});

describe('the Calendar tab on a phone', () => {
  let restore: () => void;
  afterEach(() => restore());

  test("shows the day's agenda with each visit's time, service, name, suburb and mobile, and moves by day", async () => {
    restore = screenWidth(390);
    const { user } = renderTab();

    expect(await screen.findByRole('heading', { name: 'Tuesday 1 December 2026' })).toBeVisible();
    const item = (await screen.findByRole('button', { name: /Ava Nguyen/ })).closest('li');
    expect(item).toHaveTextContent('9:30 am to 10:30 am');
    expect(item).toHaveTextContent('Kitchen: Ava Nguyen');
    expect(item).toHaveTextContent('Northcote');
    expect(within(item as HTMLElement).getByRole('link', { name: '0412 345 678' })).toHaveAttribute('href', 'tel:+61412345678');
    expect(within(item as HTMLElement).getByRole('link', { name: 'Map of 12 High Street, Northcote 3070' })).toHaveAttribute(
      'href',
      'https://www.google.com/maps/search/?api=1&query=12%20High%20Street%2C%20Northcote%203070',
    );
    expect(screen.queryByText(/Leave/)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Next day' }));
    expect(await screen.findByRole('heading', { name: 'Wednesday 2 December 2026' })).toBeVisible();
    expect(screen.getByText('Nothing booked on this day.')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Next day' }));
    expect(await screen.findByRole('button', { name: '9:00 am to 5:00 pm Blocked: Leave' })).toBeVisible();
  });
});
