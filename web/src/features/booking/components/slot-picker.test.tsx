import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BookingDay } from '@site/domain';
import { describe, expect, test, vi } from 'vitest';
import { SlotPicker } from './slot-picker';

// Twelve days from Tuesday 1 December 2026, one slot each at 9:00 am in Melbourne (22:00 UTC the day before).
const days: BookingDay[] = Array.from({ length: 12 }, (_, index) => {
  const date = new Date(Date.UTC(2026, 11, 1 + index));
  const start = new Date(date.getTime() - 2 * 3_600_000).toISOString();
  return { date: date.toISOString().slice(0, 10), label: '', slots: [{ start, label: '' }] };
});

describe('the day and time picker', () => {
  test('shows two weeks of days at a time, and the first of the later days takes the focus', async () => {
    render(<SlotPicker days={days} day={days[0].date} start="" onDay={vi.fn()} onStart={vi.fn()} />);
    const group = screen.getByRole('group', { name: 'Day' });
    expect(within(group).getAllByRole('radio')).toHaveLength(10);
    expect(within(group).getByRole('radio', { name: 'Tuesday 1 December' })).toBeChecked();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Show later days' }));
    expect(within(group).getAllByRole('radio')).toHaveLength(12);
    expect(within(group).getByRole('radio', { name: 'Friday 11 December' })).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Show later days' })).not.toBeInTheDocument();
  });
});
