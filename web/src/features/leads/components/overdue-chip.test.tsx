import type { Inquiry, QuoteRequest, WithMessages } from '@site/domain';
import { getContrastRatio } from '@mui/material/styles';
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { answerRequests, type Answer } from '#web-test/api.ts';
import { renderWithProviders } from '#web-test/render.tsx';
import { InquiriesTab } from '../inquiries-tab';
import { QuoteRequestsTab } from '../quote-requests-tab';

const now = new Date('2026-11-30T09:00:00+11:00');

const inquiry = (fields: Partial<Inquiry> & Pick<Inquiry, 'id' | 'firstName'>): WithMessages<Inquiry> => ({
  lastName: 'Nguyen',
  email: 'ava@example.com',
  phone: '0400 123 456',
  rooms: ['kitchen'],
  budget: '15000-30000',
  timeline: '3-months',
  status: 'new',
  history: [],
  createdAt: '2026-11-27T05:30:00.000Z',
  updatedAt: '2026-11-27T05:30:00.000Z',
  messages: [],
  ...fields,
});

function renderTab(tab: 'inquiries' | 'quotes', body: unknown[]) {
  answerRequests(({ url }): Answer =>
    url.startsWith('/api/project-inquiries') || url.startsWith('/api/quote-requests')
      ? { status: 200, body, headers: { 'X-Total-Count': String(body.length) } }
      : { status: 200, body: {} },
  );
  renderWithProviders(tab === 'inquiries' ? <InquiriesTab /> : <QuoteRequestsTab />, { url: `/admin?tab=${tab}` });
}

const card = (name: string) => screen.findByRole('article', { name });

describe('the Overdue chip on lead cards', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(now);
  });
  afterEach(() => vi.useRealTimers());

  test('shows on a lead still new past its follow-up time, and on no other', async () => {
    renderTab('inquiries', [
      // Due at 09:00 exactly: overdue from that moment.
      inquiry({ id: 'i1', firstName: 'Ava', followUpDueAt: '2026-11-29T22:00:00.000Z', followUp: 'reminded' }),
      inquiry({ id: 'i2', firstName: 'Ben', followUpDueAt: '2026-11-29T22:00:00.000Z', status: 'contacted' }),
      inquiry({ id: 'i3', firstName: 'Cy', followUpDueAt: '2026-11-29T23:00:00.000Z', followUp: 'pending' }),
      // Arrived while reminders were off.
      inquiry({ id: 'i4', firstName: 'Di' }),
    ]);
    expect(within(await card('Ava Nguyen')).getByText('Overdue')).toBeVisible();
    expect(within(await card('Ben Nguyen')).queryByText('Overdue')).not.toBeInTheDocument();
    expect(within(await card('Cy Nguyen')).queryByText('Overdue')).not.toBeInTheDocument();
    expect(within(await card('Di Nguyen')).queryByText('Overdue')).not.toBeInTheDocument();
  });

  test('its text keeps at least 4.5:1 contrast on its colour', async () => {
    renderTab('inquiries', [inquiry({ id: 'i1', firstName: 'Ava', followUpDueAt: '2026-11-29T22:00:00.000Z', followUp: 'reminded' })]);
    const label = within(await card('Ava Nguyen')).getByText('Overdue');
    const chip = label.closest<HTMLElement>('.MuiChip-root');
    if (!chip) throw new Error('The Overdue label is in no chip');
    const text = getComputedStyle(label).color;
    const background = getComputedStyle(chip).backgroundColor;
    expect(background).not.toBe('');
    expect(getContrastRatio(text, background)).toBeGreaterThanOrEqual(4.5);
  });

  test('appears on an open card once its time passes, without a reload', async () => {
    const quote: WithMessages<QuoteRequest> = {
      id: 'q1',
      firstName: 'Mia',
      lastName: 'Smith',
      email: 'mia@example.com',
      suburb: 'Richmond',
      room: 'Kitchen',
      status: 'new',
      history: [],
      createdAt: '2026-11-29T21:00:00.000Z',
      updatedAt: '2026-11-29T21:00:00.000Z',
      followUpDueAt: '2026-11-29T22:00:30.000Z',
      followUp: 'pending',
      messages: [],
    };
    renderTab('quotes', [quote]);
    const mia = await card('Mia Smith');
    expect(within(mia).queryByText('Overdue')).not.toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(30_000);
    });
    expect(within(mia).getByText('Overdue')).toBeVisible();
  });
});
