import type { VisitorDay } from '@site/domain';
import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { answerRequests } from '#web-test/api.ts';
import { renderWithProviders } from '#web-test/render.tsx';
import { VisitsChart } from './visits-chart';

describe('the visits chart', () => {
  test('shows unique visitors beside the visits of each day', async () => {
    const days: VisitorDay[] = Array.from({ length: 30 }, (_, i) => ({
      day: `2026-03-${String(i + 1).padStart(2, '0')}`,
      count: i === 29 ? 7 : 0,
      unique: i === 29 ? 3 : 0,
    }));
    days[28] = { ...days[28], count: 1, unique: 1 };
    const requests = answerRequests(() => ({ status: 200, body: days }));
    renderWithProviders(<VisitsChart />);
    const chart = await screen.findByRole('img', { name: /^Visits per day from 1 March to 30 March/ });
    expect(chart).toHaveAccessibleName(
      'Visits per day from 1 March to 30 March: 8 in total, at most 7 on one day; 4 unique visitors counted day by day.',
    );
    expect(screen.getByText('Mon 30 Mar: 7 visits, 3 unique visitors')).toBeInTheDocument();
    expect(screen.getByText('Sun 29 Mar: 1 visit, 1 unique visitor')).toBeInTheDocument();
    expect(screen.getByText('Unique visitors', { exact: true })).toBeVisible();
    expect(requests[0].url).toBe('/api/visitors/daily?days=30&timeZone=Australia%2FMelbourne');
  });
});
