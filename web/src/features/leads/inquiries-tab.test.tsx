import type { Inquiry, WithMessages } from '@site/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { answerRequests, type Answer } from '../../../test-support/api';
import { renderWithProviders } from '../../../test-support/render';
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
});
