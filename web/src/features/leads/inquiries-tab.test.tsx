import type { Inquiry, WithMessages } from '@site/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { answerRequests, type Answer } from '#web-test/api.ts';
import { renderWithProviders } from '#web-test/render.tsx';
import { InquiriesTab } from './inquiries-tab';

const lead = (fields: Partial<Inquiry> & Pick<Inquiry, 'id' | 'firstName'>): WithMessages<Inquiry> => ({
  lastName: 'Nguyen',
  email: 'ava@example.com',
  phone: '0400 123 456',
  rooms: ['kitchen'],
  budget: '15000-30000',
  timeline: '3-months',
  status: 'new',
  history: [],
  createdAt: '2026-03-02T03:04:00.000Z',
  updatedAt: '2026-03-02T03:04:00.000Z',
  messages: [],
  ...fields,
});

describe('the Inquiries tab', () => {
  test('a lead from the showroom says which design it is about; others do not', async () => {
    answerRequests(({ url }): Answer =>
      url.startsWith('/api/project-inquiries')
        ? {
            status: 200,
            body: [
              lead({ id: 'i1', firstName: 'Ava', modelId: 'island', modelName: 'Kitchen Island', variant: 'Walnut' }),
              lead({ id: 'i2', firstName: 'Ben', modelId: 'vanity', modelName: 'Floating Vanity' }),
              lead({ id: 'i3', firstName: 'Cy' }),
            ],
            headers: { 'X-Total-Count': '3' },
          }
        : { status: 200, body: {} },
    );
    renderWithProviders(<InquiriesTab />, { url: '/admin?tab=inquiries' });
    const card = async (name: string) => screen.findByRole('article', { name });
    expect(within(await card('Ava Nguyen')).getByText('Interested in: Kitchen Island (Walnut)')).toBeVisible();
    expect(within(await card('Ben Nguyen')).getByText('Interested in: Floating Vanity')).toBeVisible();
    expect(within(await card('Cy Nguyen')).queryByText(/Interested in/)).not.toBeInTheDocument();
  });

  describe("a staff email's link to one lead", () => {
    const answerLinked = (linked: WithMessages<Inquiry>[]) =>
      answerRequests(({ url }): Answer => {
        if (!url.startsWith('/api/project-inquiries')) return { status: 200, body: {} };
        const body = url.includes('lead=') ? linked : [lead({ id: 'i1', firstName: 'Ava' }), lead({ id: 'i2', firstName: 'Ben' })];
        return { status: 200, body, headers: { 'X-Total-Count': String(body.length) } };
      });

    test('shows that lead alone, says so, and goes back to the whole list', async () => {
      const sent = answerLinked([lead({ id: 'old7', firstName: 'Olive' })]);
      const { user } = renderWithProviders(<InquiriesTab />, { url: '/admin?tab=inquiries&lead=old7' });
      expect(await screen.findByRole('article', { name: 'Olive Nguyen' })).toBeVisible();
      expect(screen.getByText('Showing the inquiry from your link.')).toBeVisible();
      expect(screen.queryByRole('article', { name: 'Ava Nguyen' })).not.toBeInTheDocument();
      expect(sent.map((request) => request.url)).toContain('/api/project-inquiries?lead=old7');
      // No status is chosen while the link's lead is shown.
      expect(screen.getByRole('button', { name: /^All/ })).toHaveAttribute('aria-pressed', 'false');

      await user.click(screen.getByRole('button', { name: 'Show all inquiries' }));
      expect(await screen.findByRole('article', { name: 'Ava Nguyen' })).toBeVisible();
      expect(screen.getByRole('article', { name: 'Ben Nguyen' })).toBeVisible();
      expect(screen.queryByText('Showing the inquiry from your link.')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: /^All/ })).toHaveAttribute('aria-pressed', 'true');
    });

    test("an older email's #lead-{id} link shows the same lead", async () => {
      const sent = answerLinked([lead({ id: 'old7', firstName: 'Olive' })]);
      renderWithProviders(<InquiriesTab />, { url: '/admin?tab=inquiries#lead-old7' });
      expect(await screen.findByRole('article', { name: 'Olive Nguyen' })).toBeVisible();
      expect(sent.map((request) => request.url)).toContain('/api/project-inquiries?lead=old7');
      expect(sent.map((request) => request.url)).not.toContain('/api/project-inquiries');
    });

    test('a lead deleted since the email says it is no longer here', async () => {
      answerLinked([]);
      renderWithProviders(<InquiriesTab />, { url: '/admin?tab=inquiries&lead=gone1' });
      expect(await screen.findByText('This inquiry is no longer here: it may have been deleted')).toBeVisible();
      expect(screen.getByRole('button', { name: 'Show all inquiries' })).toBeVisible();
    });
  });
});
