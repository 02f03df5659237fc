// A browser far from Melbourne: the visit's time must still read as Melbourne's.
process.env.TZ = 'Europe/London';

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bookingMessages, type BookingAvailability, type PublicBooking } from '@site/domain';
import { MemoryRouter } from 'react-router';
import { describe, expect, test } from 'vitest';
import { answerRequests, type Answer, type SentRequest } from '#web-test/api.ts';
import ManageBookingPage from './manage-booking-page';
import { businessTimeZone } from '@site/domain/calendar';

// Tuesday 1 December 2026, 9:30 am in Melbourne; changes close 24 hours before.
const visit: PublicBooking = {
  service: 'bathroom',
  start: '2026-11-30T22:30:00.000Z',
  end: '2026-11-30T23:30:00.000Z',
  status: 'booked',
  firstName: 'Ava',
  street: '1 High Street',
  suburb: 'Northcote',
  postcode: '3070',
  changeUntil: '2026-11-29T22:30:00.000Z',
  canChange: true,
};
// Thursday 3 December, 2:00 pm in Melbourne.
const free: BookingAvailability = {
  timeZone: businessTimeZone,
  visitMinutes: 60,
  days: [{ date: '2026-12-03', label: 'Thursday 3 December', slots: [{ start: '2026-12-03T03:00:00.000Z', label: '2:00 pm' }] }],
};

function setUp(answer: (request: SentRequest) => Answer) {
  const requests = answerRequests(answer);
  render(
    <MemoryRouter initialEntries={['/book/manage?t=link-token']}>
      <ManageBookingPage />
    </MemoryRouter>,
  );
  return { requests, user: userEvent.setup() };
}

describe("a booking's own link", () => {
  test('shows the visit in Melbourne time and when online changes close, and moves it to a new time', async () => {
    const moved = {
      ...visit,
      start: free.days[0].slots[0].start,
      end: '2026-12-03T04:00:00.000Z',
      changeUntil: '2026-12-02T03:00:00.000Z',
    };
    const { requests, user } = setUp((request) =>
      request.method === 'GET' ? { status: 200, body: { booking: visit, availability: free } } : { status: 200, body: { booking: moved } },
    );
    expect(
      await screen.findByText(/Bathroom measure on Tuesday 1 December at 9:30 am, at 1 High Street, Northcote 3070\./),
    ).toBeInTheDocument();
    expect(requests[0].url).toBe('/api/bookings/manage?t=link-token');
    expect(screen.getByText(/You can move or cancel it here until Monday 30 November at 9:30 am\./)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Pick a new time' }));
    expect(screen.getByRole('heading', { name: 'Pick a new time' })).toHaveFocus();
    expect(screen.getByText('Times are in Melbourne time (AEDT)')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: '2:00 pm' }));
    await user.click(screen.getByRole('button', { name: 'Move my measure' }));

    expect(await screen.findByText('Your measure is moved to Thursday 3 December at 2:00 pm.')).toBeInTheDocument();
    expect(requests[1]).toMatchObject({
      method: 'POST',
      url: '/api/bookings/manage',
      body: { token: 'link-token', start: '2026-12-03T03:00:00.000Z' },
    });
  });

  test('cancels only once the customer confirms', async () => {
    const { requests, user } = setUp((request) =>
      request.method === 'GET'
        ? { status: 200, body: { booking: visit, availability: free } }
        : { status: 200, body: { booking: { ...visit, status: 'cancelled', canChange: false } } },
    );
    await user.click(await screen.findByRole('button', { name: 'Cancel the measure' }));
    expect(screen.getByRole('heading', { name: 'Cancel your measure?' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'No, keep it' }));
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Cancel the measure' }));
    await user.click(screen.getByRole('button', { name: 'Yes, cancel it' }));
    expect(await screen.findByRole('heading', { name: 'Your measure is cancelled' })).toHaveFocus();
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({ token: 'link-token', cancel: true });
  });

  test('a taken time says so with the fresh times', async () => {
    const { user } = setUp((request) =>
      request.method === 'GET'
        ? { status: 200, body: { booking: visit, availability: free } }
        : { status: 409, body: { message: bookingMessages.slotTaken, availability: { ...free, days: [] } } },
    );
    await user.click(await screen.findByRole('button', { name: 'Pick a new time' }));
    await user.click(screen.getByRole('radio', { name: '2:00 pm' }));
    await user.click(screen.getByRole('button', { name: 'Move my measure' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(bookingMessages.slotTaken);
    expect(screen.queryByRole('radio', { name: '2:00 pm' })).not.toBeInTheDocument();
  });

  test('after the minimum notice it says to call, with no buttons to change', async () => {
    setUp(() => ({ status: 200, body: { booking: { ...visit, canChange: false } } }));
    expect(await screen.findByText(/Online changes close 24 hours before the visit\. Please call us to change it\./)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pick a new time' })).not.toBeInTheDocument();
  });

  test("an invalid link and a cancelled visit show the server's message", async () => {
    setUp(() => ({ status: 404, body: { message: bookingMessages.linkInvalid } }));
    expect(await screen.findByRole('alert')).toHaveTextContent(bookingMessages.linkInvalid);
    expect(screen.getByRole('heading', { level: 1, name: 'This link cannot be used' })).toBeInTheDocument();
  });

  test('a visit cancelled before says so', async () => {
    setUp(() => ({ status: 200, body: { booking: { ...visit, status: 'cancelled', canChange: false } } }));
    expect(await screen.findByRole('alert')).toHaveTextContent(bookingMessages.cancelled);
  });
});
