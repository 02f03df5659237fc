// A browser far from Melbourne: the times shown must still be Melbourne's.
process.env.TZ = 'America/Los_Angeles';

import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bookingMessages, type BookingAvailability, type BookingDay, type PublicBooking } from '@site/domain';
import { describe, expect, test } from 'vitest';
import { answerRequests, type Answer, type SentRequest } from '#web-test/api.ts';
import { quotePrefillOf } from '#web/lib/quote-prefill.ts';
import { BookingFlow } from './booking-flow';
import { businessTimeZone } from '@site/domain/calendar';

/** Slots as the server sends them: instants in UTC (its labels are not what the page shows). */
const day = (date: string, starts: string[]): BookingDay => ({
  date,
  label: `label of ${date}`,
  slots: starts.map((start) => ({ start, label: `label of ${start}` })),
});
const availability = (...days: BookingDay[]): BookingAvailability => ({ timeZone: businessTimeZone, visitMinutes: 60, days });

// Tuesday 1 December 2026 in Melbourne (AEDT, UTC+11): 9:30 am and 10:00 am.
const summer = day('2026-12-01', ['2026-11-30T22:30:00.000Z', '2026-11-30T23:00:00.000Z']);
// Wednesday 2 June 2027 in Melbourne (AEST, UTC+10): 9:30 am.
const winter = day('2027-06-02', ['2027-06-01T23:30:00.000Z']);

const booked = (start: string): PublicBooking => ({
  service: 'kitchen',
  start,
  end: new Date(Date.parse(start) + 3_600_000).toISOString(),
  status: 'booked',
  firstName: 'Ava',
  street: '1 High Street',
  suburb: 'Northcote',
  postcode: '3070',
  changeUntil: new Date(Date.parse(start) - 86_400_000).toISOString(),
  canChange: true,
});

function setUp(answer: (request: SentRequest) => Answer) {
  const requests = answerRequests(answer);
  render(<BookingFlow />);
  return { requests, user: userEvent.setup() };
}

async function givePlace(user: ReturnType<typeof userEvent.setup>, postcode = '3070') {
  await user.click(screen.getByRole('radio', { name: 'Kitchen' }));
  await user.type(screen.getByRole('textbox', { name: 'Street address' }), '1 High Street');
  await user.type(screen.getByRole('textbox', { name: 'Suburb' }), 'Northcote');
  await user.type(screen.getByRole('textbox', { name: 'Postcode' }), postcode);
  await user.click(screen.getByRole('button', { name: 'Show free times' }));
}

async function giveDetails(user: ReturnType<typeof userEvent.setup>, mobile = '0412 345 678') {
  await screen.findByRole('heading', { name: 'Your details' });
  await user.type(await screen.findByRole('textbox', { name: 'First name' }), 'Ava');
  await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Nguyen');
  await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ava@example.com');
  await user.type(screen.getByRole('textbox', { name: 'Mobile' }), mobile);
  await user.click(screen.getByRole('button', { name: 'Book my measure' }));
}

describe('booking a free measure', () => {
  test('the free times are shown in Melbourne time, with a line that says so, in a browser in Los Angeles', async () => {
    expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe('America/Los_Angeles');
    const { requests, user } = setUp(() => ({ status: 200, body: availability(summer, winter) }));
    await givePlace(user);

    const heading = await screen.findByRole('heading', { name: 'Pick a day and time' });
    expect(heading).toHaveFocus();
    expect(requests[0]).toMatchObject({ method: 'GET', url: '/api/booking/availability?postcode=3070&suburb=Northcote' });
    expect(screen.getByText('Times are in Melbourne time (AEDT)')).toBeInTheDocument();
    const days = screen.getByRole('group', { name: 'Day' });
    expect(within(days).getByRole('radio', { name: 'Tuesday 1 December' })).toBeChecked();
    const times = screen.getByRole('group', { name: 'Time on Tuesday 1 December' });
    expect(
      within(times)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['9:30 am', '10:00 am']);

    await user.click(within(days).getByRole('radio', { name: 'Wednesday 2 June' }));
    expect(screen.getByText('Times are in Melbourne time (AEST)')).toBeInTheDocument();
    expect(
      within(screen.getByRole('group', { name: 'Time on Wednesday 2 June' })).getByRole('radio', { name: '9:30 am' }),
    ).toBeInTheDocument();
  });

  test('a customer books, and the confirmation gives the time in Melbourne and the invite', async () => {
    const { requests, user } = setUp((request) =>
      request.method === 'GET'
        ? { status: 200, body: availability(summer) }
        : { status: 201, body: { booking: booked(summer.slots[0].start) } },
    );
    await givePlace(user);
    await user.click(await screen.findByRole('radio', { name: '9:30 am' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await giveDetails(user);

    expect(await screen.findByRole('heading', { name: 'Your measure is booked' })).toHaveFocus();
    // The heading says it once; the lines under it say when, where and what comes next.
    expect(screen.getAllByText(/Your measure is booked/)).toHaveLength(1);
    expect(screen.getByText('Tuesday 1 December at 9:30 am')).toBeInTheDocument();
    expect(screen.getByText(/We have emailed an invite for your calendar to ava@example\.com/)).toBeInTheDocument();
    const next = screen.getByRole('list');
    expect(
      within(next)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      "We'll email you, and text your mobile, a reminder the day before.",
      'Have any plans, photos or pictures of ideas you like ready: we can talk them through on the spot.',
      'You can move or cancel the visit from the link in your email, until Monday 30 November at 9:30 am.',
    ]);
    const calendar = screen.getByRole('link', { name: 'Add to calendar' });
    expect(calendar).toHaveAttribute('download', 'site-measure.ics');
    const file = decodeURIComponent((calendar.getAttribute('href') ?? '').replace(/^data:text\/calendar;charset=utf-8,/, ''));
    expect(file).toContain('\r\nDTSTART:20261130T223000Z\r\nDTEND:20261130T233000Z\r\n');
    expect(file).toContain('\r\nLOCATION:1 High Street\\, Northcote VIC 3070\r\n');
    expect(requests.find((request) => request.method === 'POST')).toMatchObject({
      url: '/api/bookings',
      body: {
        service: 'kitchen',
        start: '2026-11-30T22:30:00.000Z',
        street: '1 High Street',
        suburb: 'Northcote',
        postcode: '3070',
        firstName: 'Ava',
        lastName: 'Nguyen',
        email: 'ava@example.com',
        mobile: '0412 345 678',
        marketingConsent: false,
      },
    });
  });

  test('a time taken meanwhile (409) says so and offers the fresh times', async () => {
    const fresh = day('2026-12-01', ['2026-12-01T00:00:00.000Z']);
    let posts = 0;
    const { user } = setUp((request) => {
      if (request.method === 'GET') return { status: 200, body: availability(summer) };
      posts += 1;
      return posts === 1
        ? { status: 409, body: { message: bookingMessages.slotTaken, availability: availability(fresh) } }
        : { status: 201, body: { booking: booked(fresh.slots[0].start) } };
    });
    await givePlace(user);
    await user.click(await screen.findByRole('radio', { name: '9:30 am' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await giveDetails(user);

    expect(await screen.findByRole('alert')).toHaveTextContent('That time was just taken, please pick another');
    expect(screen.getByRole('heading', { name: 'Pick a day and time' })).toHaveFocus();
    const times = screen.getByRole('group', { name: 'Time on Tuesday 1 December' });
    expect(
      within(times)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['11:00 am']);

    await user.click(within(times).getByRole('radio', { name: '11:00 am' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await giveDetails(user);
    expect(await screen.findByText('Tuesday 1 December at 11:00 am')).toBeInTheDocument();
  });

  test("a third visit for the same person (409) shows the server's sentence and stays on the details step", async () => {
    const message = bookingMessages.alreadyBooked('Tuesday 1 December 2026');
    const { user } = setUp((request) =>
      request.method === 'GET' ? { status: 200, body: availability(summer) } : { status: 409, body: { message } },
    );
    await givePlace(user);
    await user.click(await screen.findByRole('radio', { name: '9:30 am' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await giveDetails(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You already have a visit booked on Tuesday 1 December 2026: your confirmation email has a link to move it',
    );
    expect(screen.getByRole('heading', { name: 'Your details' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your measure is booked' })).not.toBeInTheDocument();
  });

  test('a place outside the area gets a polite answer and a way to send an inquiry', async () => {
    const { user } = setUp(() => ({
      status: 400,
      body: { message: bookingMessages.outsideArea, errors: { postcode: bookingMessages.outsideArea } },
    }));
    await givePlace(user, '2000');

    expect(await screen.findByRole('heading', { name: 'We do not visit that area yet' })).toHaveFocus();
    expect(screen.getByText(bookingMessages.outsideArea)).toBeInTheDocument();
    // It opens the quote request with the service and the place already typed in (lib/quote-prefill.ts).
    const inquiry = screen.getByRole('button', { name: 'Send an inquiry' });
    expect(inquiry).toHaveAttribute('data-opens', 'quote');
    expect(quotePrefillOf(inquiry)).toEqual({ room: 'Kitchen', suburb: 'Northcote 2000' });
    await user.click(screen.getByRole('button', { name: 'Change the address' }));
    expect(screen.getByRole('textbox', { name: 'Postcode' })).toHaveValue('2000');
  });

  test('each field says what is wrong, before anything is sent and when the server refuses one', async () => {
    const { requests, user } = setUp((request) =>
      request.method === 'GET'
        ? { status: 200, body: availability(summer) }
        : { status: 400, body: { message: 'Please check the form', errors: { email: 'Please enter a valid email address' } } },
    );
    await user.click(screen.getByRole('button', { name: 'Show free times' }));
    expect(screen.getByText(bookingMessages.service)).toBeInTheDocument();
    expect(screen.getByText(bookingMessages.street)).toBeInTheDocument();
    expect(screen.getByText(bookingMessages.postcode)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Street address' })).toHaveAccessibleDescription(bookingMessages.street);
    expect(requests).toHaveLength(0);

    await givePlace(user);
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(screen.getByText(bookingMessages.start)).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: '10:00 am' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    await giveDetails(user, '12345');
    expect(await screen.findByText(bookingMessages.mobile)).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);

    await user.clear(screen.getByRole('textbox', { name: 'Mobile' }));
    await user.type(screen.getByRole('textbox', { name: 'Mobile' }), '0412 345 678');
    await user.click(screen.getByRole('button', { name: 'Book my measure' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Email' })).toHaveFocus());
  });
});
