import type { Booking } from '@site/domain';
import { screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { answerRequests } from '#web-test/api.ts';
import { renderWithProviders } from '#web-test/render.tsx';
import { LeadMeasure } from './lead-measure';

// A browser far from Melbourne: the card reads the visit on Melbourne's clock. 9:30 am on
// Tuesday 1 December in Melbourne (AEDT) is Monday afternoon in Los Angeles.
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
  leadId: 'q1',
  createdAt: '2026-11-20T01:00:00.000Z',
  updatedAt: '2026-11-20T01:00:00.000Z',
  sequence: 0,
};

function answering(booking: Booking | null) {
  answerRequests((request) =>
    request.url === `/api/bookings/${visit.id}` && booking
      ? { status: 200, body: booking }
      : { status: 404, body: { message: 'Booking not found' } },
  );
}

describe("a quote request's site measure", () => {
  test('shows the visit in Melbourne time with a link to its day in the calendar', async () => {
    answering(visit);
    renderWithProviders(<LeadMeasure bookingId="b1" />, { url: '/admin?tab=quotes' });
    expect(await screen.findByText(/Tuesday 1 December at 9:30 am/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the day in the calendar' })).toHaveAttribute(
      'href',
      '/admin?tab=calendar&day=2026-12-01',
    );
  });

  test("gives the customer's mobile as a call, the address as a map and their notes", async () => {
    answering({ ...visit, notes: 'Side gate is open\nDog is friendly' });
    renderWithProviders(<LeadMeasure bookingId="b1" />, { url: '/admin?tab=quotes' });
    expect(await screen.findByRole('link', { name: '0412 345 678' })).toHaveAttribute('href', 'tel:+61412345678');
    const map = screen.getByRole('link', { name: '12 High Street, Northcote 3070' });
    expect(map).toHaveAttribute('href', 'https://www.google.com/maps/search/?api=1&query=12%20High%20Street%2C%20Northcote%203070');
    expect(map).toHaveAttribute('target', '_blank');
    expect(screen.getByText(/Side gate is open/)).toHaveTextContent('Side gate is open Dog is friendly');
  });

  test('says when the visit was cancelled', async () => {
    answering({ ...visit, status: 'cancelled' });
    renderWithProviders(<LeadMeasure bookingId="b1" />, { url: '/admin?tab=quotes' });
    expect(await screen.findByText(/Tuesday 1 December at 9:30 am \(cancelled\)/)).toBeInTheDocument();
  });

  test('says when the visit cannot be read', async () => {
    answering(null);
    renderWithProviders(<LeadMeasure bookingId="b1" />, { url: '/admin?tab=quotes' });
    expect(await screen.findByText('Site measure: could not be read. Please reload the page.')).toBeInTheDocument();
  });
});
