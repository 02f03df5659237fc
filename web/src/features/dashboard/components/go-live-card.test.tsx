import type { GoLiveItem } from '@site/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { answerRequests, type Answer } from '../../../../test-support/api';
import { renderWithProviders } from '../../../../test-support/render';
import { GoLiveCard } from './go-live-card';

const item = (key: GoLiveItem['key'], done: boolean, extra: Partial<GoLiveItem> = {}): GoLiveItem => ({
  key,
  done,
  title: `Title ${key}`,
  detail: `Detail ${key}`,
  fix: { label: `Fix ${key}`, href: `/admin?tab=settings#settings-${key}` },
  ...extra,
});

describe('the go-live card', () => {
  test('lists what is left, each with where it is fixed, and sends a test email with what the mail server said', async () => {
    const requests = answerRequests((request): Answer => {
      if (request.url === '/api/settings/checklist')
        return {
          status: 200,
          body: { done: false, items: [item('examples', false), item('email', true, { test: 'email' }), item('project', false)] },
        };
      return {
        status: 200,
        body: {
          outcomes: [
            { to: 'owner@example.com', sent: true, detail: 'Accepted by the mail server (<a1@example.com>)' },
            { to: 'refused@example.com', sent: false, detail: 'Not sent: SMTP 550: Mailbox unavailable' },
          ],
        },
      };
    });
    const { user } = renderWithProviders(<GoLiveCard />, { url: '/' });
    const card = await screen.findByRole('region', { name: 'Before you go live (2 left)' });
    expect(within(card).getByRole('link', { name: 'Fix examples' })).toHaveAttribute('href', '/admin?tab=settings#settings-examples');
    expect(within(card).getByText('Detail project')).toBeVisible();
    await user.click(within(card).getByRole('button', { name: 'Send a test email' }));
    const outcome = await within(card).findByRole('status');
    expect(outcome).toHaveTextContent('owner@example.com: Accepted by the mail server (<a1@example.com>)');
    expect(outcome).toHaveTextContent('refused@example.com: Not sent: SMTP 550: Mailbox unavailable');
    expect(requests.at(-1)).toEqual({ method: 'POST', url: '/api/settings/test-message', body: { channel: 'email' } });
  });

  test('is gone once every item is done', async () => {
    const requests = answerRequests((): Answer => ({ status: 200, body: { done: true, items: [item('examples', true)] } }));
    renderWithProviders(<GoLiveCard />, { url: '/' });
    await expect.poll(() => requests.length).toBe(1);
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });
});
