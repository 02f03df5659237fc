import { accountMessages, type MfaChallenge, type User } from '@site/domain';
import { screen, waitFor } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, test } from 'vitest';
import { answerRequests, type Answer, type SentRequest } from '#web-test/api.ts';
import { renderWithProviders } from '#web-test/render.tsx';
import LoginPage from './login-page';

const admin: User = { id: 'u1', username: 'sam' };
const challenge: MfaChallenge = { mfaRequired: true, methods: ['totp'] };
const notSignedIn: Answer = { status: 401, body: { message: 'Not signed in' } };

/** The login page with the session around it; /admin shows a stand-in for the dashboard. */
function renderLogin(answer: (request: SentRequest) => Answer) {
  const requests = answerRequests((request) => (request.url === '/api/user' ? notSignedIn : answer(request)));
  const { user } = renderWithProviders(
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="/admin" element={<p>The dashboard</p>} />
    </Routes>,
    { auth: true, url: '/login' },
  );
  return { user, requests };
}

async function enterPassword(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByRole('textbox', { name: 'Username' }), 'sam');
  await user.type(screen.getByLabelText(/^Password/), 'correct horse battery');
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('a wrong password', () => {
  test('shows the server’s message without the status, and it goes once the next try signs in', async () => {
    const { user } = renderLogin(({ body }) =>
      (body as { password: string }).password === 'correct horse battery'
        ? { status: 200, body: admin }
        : { status: 401, body: { message: 'Invalid username or password' } },
    );

    await user.type(await screen.findByRole('textbox', { name: 'Username' }), 'sam');
    await user.type(screen.getByLabelText(/^Password/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    const message = await screen.findByText('Invalid username or password');
    expect(message).toBeVisible();
    expect(screen.getByText('Login failed')).toBeVisible();
    expect(screen.queryByText(/401/)).not.toBeInTheDocument();

    await user.clear(screen.getByLabelText(/^Password/));
    await user.type(screen.getByLabelText(/^Password/), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('The dashboard')).toBeVisible();
    await waitFor(() => expect(screen.queryByText('Invalid username or password')).not.toBeInTheDocument());
    expect(screen.queryByText('Login failed')).not.toBeInTheDocument();
  });
});

const codeField = () => screen.findByRole('textbox', { name: 'Authentication code' });

describe('signing in with a second factor', () => {
  test('asks for the code after the password, shows a wrong code’s message, and signs in with the right one', async () => {
    const { user, requests } = renderLogin(({ url, body }) => {
      if (url === '/api/login') return { status: 200, body: challenge };
      if (url === '/api/login/totp') {
        return (body as { code: string }).code === '123456'
          ? { status: 200, body: admin }
          : { status: 401, body: { message: accountMessages.codeWrong } };
      }
      return { status: 404, body: { message: 'Not found' } };
    });

    await enterPassword(user);
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app.')).toBeVisible();
    const field = await codeField();
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    expect(field).toHaveAttribute('inputmode', 'numeric');
    expect(screen.queryByRole('button', { name: 'Use a passkey' })).not.toBeInTheDocument();

    await user.type(field, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(accountMessages.codeWrong)).toBeVisible();
    expect(screen.queryByText('The dashboard')).not.toBeInTheDocument();

    await user.clear(field);
    await user.type(field, '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('The dashboard')).toBeVisible();

    expect(requests.filter(({ method }) => method === 'POST')).toEqual([
      { method: 'POST', url: '/api/login', body: { username: 'sam', password: 'correct horse battery' } },
      { method: 'POST', url: '/api/login/totp', body: { code: '000000' } },
      { method: 'POST', url: '/api/login/totp', body: { code: '123456' } },
    ]);
  });

  test('switches the field to a recovery code, sent the same way', async () => {
    const { user, requests } = renderLogin(({ url }) =>
      url === '/api/login' ? { status: 200, body: { mfaRequired: true, methods: ['totp', 'passkey'] } } : { status: 200, body: admin },
    );

    await enterPassword(user);
    await codeField();
    expect(screen.getByRole('button', { name: 'Use a passkey' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    const field = screen.getByRole('textbox', { name: 'Recovery code' });
    expect(screen.getByText(/Enter one of the recovery codes you saved/)).toBeVisible();
    await user.type(field, 'abcde-12345');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByText('The dashboard')).toBeVisible();
    expect(requests.at(-1)).toEqual({ method: 'POST', url: '/api/login/totp', body: { code: 'abcde-12345' } });
  });

  test('an expired pending sign-in goes back to the password step with the server’s message', async () => {
    const { user } = renderLogin(({ url }) =>
      url === '/api/login' ? { status: 200, body: challenge } : { status: 401, body: { message: accountMessages.loginExpired } },
    );

    await enterPassword(user);
    await user.type(await codeField(), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByText(accountMessages.loginExpired)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Login' })).toBeVisible();
    expect(screen.queryByRole('textbox', { name: 'Authentication code' })).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^Password/)).toHaveValue('');
  });
});
