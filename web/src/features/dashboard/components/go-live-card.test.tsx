import type { GoLiveItem } from '@site/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { answerRequests, type Answer } from '#web-test/api.ts';
import { renderWithProviders } from '#web-test/render.tsx';
import { screenWidth } from '#web-test/screen-width.ts';
import { GoLiveCard } from './go-live-card';

const item = (key: GoLiveItem['key'], done: boolean, extra: Partial<GoLiveItem> = {}): GoLiveItem => ({
  key,
  done,
  title: `Title ${key}`,
  detail: `Detail ${key}`,
  fix: { label: `Fix ${key}`, href: `/admin?tab=settings#settings-${key}` },
  ...extra,
});

let restoreWidth: (() => void) | undefined;
afterEach(() => {
  restoreWidth?.();
  restoreWidth = undefined;
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

  test('ticks what is done and folds it away, and "We don\'t use text messages" completes the SMS item', async () => {
    let smsDone = false;
    const requests = answerRequests((request): Answer => {
      if (request.url === '/api/settings/checklist')
        return {
          status: 200,
          body: { done: false, items: [item('examples', true), item('project', true), item('registration', false), item('sms', smsDone)] },
        };
      if (request.method === 'PUT') {
        smsDone = true;
        return { status: 200, body: { settings: { notifications: { smsOptOut: true } }, version: 8 } };
      }
      if (request.url === '/api/settings')
        return {
          status: 200,
          body: { settings: { notifications: { emails: ['a@b.com.au'], mobiles: [], followUpAfterHours: 2 } }, version: 7 },
        };
      return { status: 200, body: {} };
    });
    const { user } = renderWithProviders(<GoLiveCard />, { url: '/' });
    const card = await screen.findByRole('region', { name: 'Before you go live (2 left)' });
    expect(within(card).queryByText('Detail examples')).not.toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Show 2 done' }));
    expect(within(card).getByText('Detail examples')).toBeVisible();
    expect(within(within(card).getByRole('list', { name: 'Done' })).getAllByTitle('Done')).toHaveLength(2);

    await user.click(within(card).getByRole('button', { name: "We don't use text messages" }));
    expect(await screen.findByRole('region', { name: 'Before you go live (1 left)' })).toBeVisible();
    expect(requests.find((request) => request.method === 'PUT')).toEqual({
      method: 'PUT',
      url: '/api/settings',
      body: { version: 7, notifications: { emails: ['a@b.com.au'], mobiles: [], followUpAfterHours: 2, smsOptOut: true } },
    });
  });

  test('on a phone, once started, is one line that opens the list', async () => {
    restoreWidth = screenWidth(390);
    answerRequests((): Answer => ({
      status: 200,
      body: { done: false, items: [item('examples', true), item('project', false), item('registration', false)] },
    }));
    const { user } = renderWithProviders(<GoLiveCard />, { url: '/' });
    const line = await screen.findByRole('button', { name: 'Go-live: 1 of 3 done' });
    expect(line).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('Detail project')).not.toBeInTheDocument();
    await user.click(line);
    expect(line).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Detail project')).toBeVisible();
  });

  test('is gone once every item is done', async () => {
    const requests = answerRequests((): Answer => ({ status: 200, body: { done: true, items: [item('examples', true)] } }));
    renderWithProviders(<GoLiveCard />, { url: '/' });
    await expect.poll(() => requests.length).toBe(1);
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });
});
