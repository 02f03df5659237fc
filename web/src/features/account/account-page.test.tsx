import { accountMessages, type AccountSummary, type AdminSession, type User } from '@site/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, test } from 'vitest';
import { answerRequests, type Answer, type SentRequest } from '#web-test/api.ts';
import { renderWithProviders } from '#web-test/render.tsx';
import AccountPage from './account-page';

const admin: User = { id: 'u1', username: 'sam' };
const summary: AccountSummary = { username: 'sam', totp: false, recoveryCodesLeft: 0, passkeys: [], mfaRequired: false };
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const sessions: AdminSession[] = [
  {
    id: 's1',
    current: true,
    createdAt: minutesAgo(90),
    lastSeenAt: minutesAgo(0),
    ipAddress: '203.0.113.5',
    userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0',
  },
  {
    id: 's2',
    current: false,
    createdAt: minutesAgo(3000),
    lastSeenAt: minutesAgo(120),
    ipAddress: '198.51.100.7',
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  },
];
const recoveryCodes = Array.from({ length: 10 }, (_, index) => `code${index}-abcde`);

/** The page with the signed-in admin; `answer` takes the calls other than the usual reads. /admin stands in for the dashboard. */
function renderAccount(answer: (request: SentRequest) => Answer | undefined = () => undefined) {
  const requests = answerRequests((request) => {
    const answered = answer(request);
    if (answered) return answered;
    if (request.url === '/api/user') return { status: 200, body: admin };
    if (request.url === '/api/account') return { status: 200, body: summary };
    if (request.url === '/api/account/sessions') return { status: 200, body: sessions };
    return { status: 404, body: { message: 'Not found' } };
  });
  const { user } = renderWithProviders(
    <Routes>
      <Route path="/admin/account" element={<AccountPage />} />
      <Route path="/admin" element={<p>The dashboard</p>} />
    </Routes>,
    { auth: true, url: '/admin/account' },
  );
  return { user, requests };
}

const section = (name: string) => screen.findByRole('region', { name });

describe('the Account page', () => {
  test('sets up the authenticator app: the secret and QR code, then the 10 recovery codes after a code', async () => {
    const { user, requests } = renderAccount(({ method, url }) => {
      if (method === 'POST' && url === '/api/account/totp') {
        return {
          status: 200,
          body: { secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/Site:sam?secret=JBSWY3DPEHPK3PXP&issuer=Site' },
        };
      }
      if (method === 'POST' && url === '/api/account/totp/confirm') return { status: 200, body: { recoveryCodes } };
      return undefined;
    });

    const totp = await section('Authenticator app');
    await user.click(await within(totp).findByRole('button', { name: 'Set up authenticator app' }));

    expect(await within(totp).findByText('JBSWY3DPEHPK3PXP')).toBeVisible();
    expect(within(totp).getByText(/shown only this once/)).toBeVisible();
    expect(await within(totp).findByRole('img', { name: 'QR code to scan with your authenticator app' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/svg\+xml/),
    );

    await user.type(within(totp).getByRole('textbox', { name: 'Code from the app' }), '654321');
    await user.type(within(totp).getByLabelText(/^Current password/), 'my password');
    await user.click(within(totp).getByRole('button', { name: 'Turn on' }));

    const codes = await within(totp).findByRole('list', { name: 'Recovery codes' });
    expect(
      within(codes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(recoveryCodes);
    expect(within(totp).getByText(/Each code works once/)).toBeVisible();
    expect(within(totp).getByRole('button', { name: 'Copy' })).toBeVisible();
    expect(within(totp).getByRole('button', { name: 'Download' })).toBeVisible();
    expect(within(totp).queryByText('JBSWY3DPEHPK3PXP')).not.toBeInTheDocument();
    expect(requests).toContainEqual({
      method: 'POST',
      url: '/api/account/totp/confirm',
      body: { code: '654321', currentPassword: 'my password' },
    });
  });

  test('turning on the app with a wrong current password shows the server’s message under the field', async () => {
    const wrong = accountMessages.currentPasswordWrong;
    const { user } = renderAccount(({ method, url }) => {
      if (method === 'POST' && url === '/api/account/totp')
        return { status: 200, body: { secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/x' } };
      if (url === '/api/account/totp/confirm') return { status: 403, body: { message: wrong, errors: { currentPassword: wrong } } };
      return undefined;
    });
    const totp = await section('Authenticator app');
    await user.click(await within(totp).findByRole('button', { name: 'Set up authenticator app' }));
    await user.type(await within(totp).findByRole('textbox', { name: 'Code from the app' }), '654321');
    await user.type(within(totp).getByLabelText(/^Current password/), 'not it');
    await user.click(within(totp).getByRole('button', { name: 'Turn on' }));
    expect(await within(totp).findByText(wrong)).toBeVisible();
    expect(within(totp).getByLabelText(/^Current password/)).toHaveAccessibleDescription(wrong);
    expect(within(totp).queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
  });

  test('removing a passkey asks for the current password, sends it, and shows the server’s message when it is wrong', async () => {
    const wrong = accountMessages.currentPasswordWrong;
    const passkey = { id: 'pk1', name: 'Laptop', createdAt: minutesAgo(60), lastUsedAt: null };
    let attempts = 0;
    const { user, requests } = renderAccount(({ method, url }) => {
      if (url === '/api/account') return { status: 200, body: { ...summary, passkeys: [passkey] } };
      if (method === 'DELETE' && url === '/api/account/passkeys/pk1') {
        attempts += 1;
        return attempts === 1 ? { status: 403, body: { message: wrong, errors: { currentPassword: wrong } } } : { status: 204 };
      }
      return undefined;
    });
    const passkeys = await section('Passkeys');
    await user.click(await within(passkeys).findByRole('button', { name: 'Remove passkey Laptop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove the passkey' });
    await user.type(within(dialog).getByLabelText(/^Current password/), 'not it');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByText(wrong)).toBeVisible();
    await user.clear(within(dialog).getByLabelText(/^Current password/));
    await user.type(within(dialog).getByLabelText(/^Current password/), 'my password');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.filter(({ method }) => method === 'DELETE')).toEqual([
      { method: 'DELETE', url: '/api/account/passkeys/pk1', body: { currentPassword: 'not it' } },
      { method: 'DELETE', url: '/api/account/passkeys/pk1', body: { currentPassword: 'my password' } },
    ]);
  });

  test('a password change shows the server’s reason under the new password', async () => {
    const reason = 'This password is among the most common ones. Choose another.';
    const { user, requests } = renderAccount(({ url }) =>
      url === '/api/account/password' ? { status: 400, body: { message: 'Invalid input', errors: { newPassword: reason } } } : undefined,
    );

    const form = await section('Change password');
    await user.type(within(form).getByLabelText(/^Current password/), 'old password here');
    await user.type(within(form).getByLabelText(/^New password/), 'password1234');
    await user.type(within(form).getByLabelText(/^Confirm new password/), 'password1234');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));

    expect(await within(form).findByText(reason)).toBeVisible();
    expect(within(form).getByLabelText(/^New password/)).toHaveAccessibleDescription(reason);
    expect(requests).toContainEqual({
      method: 'POST',
      url: '/api/account/password',
      body: { currentPassword: 'old password here', newPassword: 'password1234' },
    });
  });

  test('lists the sessions with this browser marked, and signs another out', async () => {
    const { user, requests } = renderAccount(({ method, url }) =>
      method === 'DELETE' && url === '/api/account/sessions/s2' ? { status: 204 } : undefined,
    );

    const list = await screen.findByRole('list', { name: 'Signed-in browsers' });
    const [current, other] = await within(list).findAllByRole('listitem');
    expect(within(current).getByText('Firefox on macOS')).toBeVisible();
    expect(within(current).getByText('This browser')).toBeVisible();
    expect(within(current).queryByRole('button', { name: /Sign out/ })).not.toBeInTheDocument();
    expect(within(other).getByText('Safari on iPhone')).toBeVisible();
    expect(within(other).getByText('IP address 198.51.100.7')).toBeVisible();
    expect(within(other).getByText('about 2 hours ago')).toBeVisible();

    await user.click(within(other).getByRole('button', { name: /Sign out/ }));
    await waitFor(() => expect(requests).toContainEqual({ method: 'DELETE', url: '/api/account/sessions/s2', body: undefined }));
  });

  test('when the business requires a second factor, asks for one, and goes on to the dashboard once it is set up', async () => {
    let enrolled = false;
    const { user, requests } = renderAccount(({ method, url }) => {
      if (url === '/api/user') return { status: 200, body: enrolled ? admin : { ...admin, mfaSetupRequired: true } };
      if (method === 'POST' && url === '/api/account/totp') {
        return { status: 200, body: { secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/Site:sam?secret=JBSWY3DPEHPK3PXP' } };
      }
      if (method === 'POST' && url === '/api/account/totp/confirm') {
        enrolled = true;
        return { status: 200, body: { recoveryCodes } };
      }
      return undefined;
    });

    expect(
      await screen.findByText('Your business requires a second factor. Set up an authenticator app or a passkey to continue.'),
    ).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Change password' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();

    const totp = await section('Authenticator app');
    await user.click(await within(totp).findByRole('button', { name: 'Set up authenticator app' }));
    await user.type(await within(totp).findByRole('textbox', { name: 'Code from the app' }), '654321');
    await user.type(within(totp).getByLabelText(/^Current password/), 'my password');
    await user.click(within(totp).getByRole('button', { name: 'Turn on' }));
    await within(totp).findByRole('list', { name: 'Recovery codes' });
    // The codes stay until the admin says they are saved.
    expect(screen.queryByText('The dashboard')).not.toBeInTheDocument();
    await user.click(within(totp).getByRole('button', { name: 'I saved them, continue' }));

    expect(await screen.findByText('The dashboard')).toBeVisible();
    expect(requests.filter(({ url }) => url === '/api/user')).toHaveLength(2);
  });
});
