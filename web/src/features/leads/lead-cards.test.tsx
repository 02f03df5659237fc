import type { Inquiry, WithMessages } from '@site/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { answerRequests, type Answer } from '#web-test/api.ts';
import { renderWithProviders } from '#web-test/render.tsx';
import { screenWidth } from '#web-test/screen-width.ts';
import { InquiriesTab } from './inquiries-tab';

const hour = 3_600_000;

const lead = (fields: Partial<Inquiry> & Pick<Inquiry, 'id' | 'firstName'>): WithMessages<Inquiry> => ({
  lastName: 'Nguyen',
  email: `${fields.firstName.toLowerCase()}@example.com`,
  phone: '0400 123 456',
  rooms: ['kitchen', 'bathroom'],
  budget: '15000-30000',
  timeline: '3-months',
  status: 'new',
  history: [],
  createdAt: new Date(Date.now() - 3 * hour).toISOString(),
  updatedAt: new Date(Date.now() - 3 * hour).toISOString(),
  messages: [],
  ...fields,
});

function renderInquiries(leads: WithMessages<Inquiry>[], url = '/admin?tab=inquiries') {
  answerRequests(({ url }): Answer =>
    url.startsWith('/api/project-inquiries')
      ? { status: 200, body: leads, headers: { 'X-Total-Count': String(leads.length) } }
      : { status: 200, body: {} },
  );
  const { user } = renderWithProviders(<InquiriesTab />, { url });
  return user;
}

describe('lead cards on a phone', () => {
  let restore: () => void;
  afterEach(() => restore());

  describe('390 px wide', () => {
    beforeEach(() => {
      restore = screenWidth(390);
    });

    test('each lead is one row (name, service, status, when, overdue) that opens the whole card in place', async () => {
      const user = renderInquiries([
        lead({ id: 'i1', firstName: 'Ava', followUpDueAt: new Date(Date.now() - hour).toISOString(), followUp: 'reminded' }),
        lead({ id: 'i2', firstName: 'Ben', rooms: ['laundry'], status: 'quoted' }),
      ]);
      const ava = await screen.findByRole('article', { name: 'Ava Nguyen' });
      const toggle = within(ava).getByRole('button', { name: /^Ava Nguyen/ });
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      expect(toggle).toHaveTextContent('Ava NguyenOverdueKitchen, BathroomNewabout 3 hours ago');
      // Folded: none of the card's details.
      expect(within(ava).queryByRole('link', { name: 'ava@example.com' })).not.toBeInTheDocument();
      expect(within(ava).queryByRole('button', { name: 'Delete inquiry from Ava Nguyen' })).not.toBeInTheDocument();
      const ben = screen.getByRole('article', { name: 'Ben Nguyen' });
      expect(within(ben).getByRole('button', { name: /^Ben Nguyen/ })).toHaveTextContent('Ben NguyenLaundryQuotedabout 3 hours ago');
      expect(within(ben).queryByText('Overdue')).not.toBeInTheDocument();

      await user.click(toggle);
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
      expect(within(ava).getByRole('link', { name: 'ava@example.com' })).toBeVisible();
      expect(within(ava).getByRole('button', { name: 'Status: New. Change the status of Ava Nguyen' })).toBeVisible();
      expect(within(ava).getByRole('button', { name: 'Delete inquiry from Ava Nguyen' })).toBeVisible();
      // Only the one opened.
      expect(within(ben).queryByRole('link', { name: 'ben@example.com' })).not.toBeInTheDocument();

      await user.click(toggle);
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      expect(within(ava).queryByRole('link', { name: 'ava@example.com' })).not.toBeInTheDocument();
    });

    test("the one lead a staff email's link shows starts open", async () => {
      renderInquiries([lead({ id: 'i1', firstName: 'Ava' })], '/admin?tab=inquiries&lead=i1');
      const ava = await screen.findByRole('article', { name: 'Ava Nguyen' });
      expect(within(ava).getByRole('button', { name: /^Ava Nguyen/ })).toHaveAttribute('aria-expanded', 'true');
      expect(within(ava).getByRole('link', { name: 'ava@example.com' })).toBeVisible();
    });
  });

  describe('1280 px wide', () => {
    beforeEach(() => {
      restore = screenWidth(1280);
    });

    test('each lead is its whole card', async () => {
      renderInquiries([lead({ id: 'i1', firstName: 'Ava' })]);
      const ava = await screen.findByRole('article', { name: 'Ava Nguyen' });
      expect(within(ava).getByRole('link', { name: 'ava@example.com' })).toBeVisible();
      expect(within(ava).queryByRole('button', { name: /^Ava Nguyen/ })).not.toBeInTheDocument();
    });
  });
});
