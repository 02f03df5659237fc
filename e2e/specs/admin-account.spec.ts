import type { APIRequestContext, Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expect, test } from '../support/fixtures';
import { adminCredentials, freePort, startServer } from '../support/server';

/**
 * An admin's second factor, end to end in Chromium against the embedded server: the
 * authenticator app with a real code and a recovery code, and a passkey made and used by
 * Chromium's virtual authenticator (WebAuthn through the DevTools protocol). Each test makes
 * its own admin, so the worker's `staff` account keeps signing in with its password alone.
 */
const password = 'correct horse battery staple';

async function newAdmin(adminApi: APIRequestContext, username: string) {
  const created = await adminApi.post('/api/register', { data: { username, password } });
  expect(created.status()).toBe(201);
}

/**
 * Fails on any console error but the answers this flow expects: Chromium logs every 4xx
 * fetch, and the signed-out session check (401), the wrong code (400) and the wrong current
 * password (403) typed on purpose are part of it.
 */
function failOnUnexpectedErrors(page: Page) {
  const errors: string[] = [];
  const expected = /^Failed to load resource: the server responded with a status of (400|401|403) /;
  page.on('console', (message) => {
    if (message.type() === 'error' && !expected.test(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return () => expect(errors, 'console errors').toEqual([]);
}

async function signInWithPassword(page: Page, username: string) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: /log ?in/i }).click();
}

test('an admin turns on the authenticator app, then signs in with the password and a recovery code', async ({ page, adminApi }) => {
  const checkConsole = failOnUnexpectedErrors(page);
  await newAdmin(adminApi, 'totp-owner');
  await signInWithPassword(page, 'totp-owner');
  await page.waitForURL('**/admin');

  await page.getByRole('link', { name: 'Account' }).click();
  await page.getByRole('button', { name: 'Set up authenticator app' }).click();
  await expect(page.getByRole('img', { name: /QR code/i })).toBeVisible();
  const secret = (await page.getByLabel('Setup key').textContent())!.trim();
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });

  // A right code with a wrong current password turns nothing on.
  const app = page.getByRole('region', { name: 'Authenticator app' });
  await page.getByLabel('Code from the app').fill(totp.generate());
  await app.getByLabel('Current password').fill('not my password');
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(app.getByText('Your current password is not right')).toBeVisible();
  await app.getByLabel('Current password').fill(password);
  await page.getByLabel('Code from the app').fill('000000');
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByText('That code is not right. Check your authenticator app and try again.')).toBeVisible();
  await page.getByLabel('Code from the app').fill(totp.generate());
  await page.getByRole('button', { name: 'Turn on' }).click();
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recoveryCode = (await codes.first().textContent())!.trim();
  expect(recoveryCode).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
  await page.getByRole('button', { name: 'Done' }).click();

  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL('**/login');
  await signInWithPassword(page, 'totp-owner');
  // The password alone signs nobody in.
  await expect(page.getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible();
  expect((await page.request.get('/api/user')).status()).toBe(401);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCode);
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL('**/admin');

  await page.getByRole('link', { name: 'Account' }).click();
  await expect(page.getByText('Recovery codes left:')).toContainText('9');
  checkConsole();
});

test('an admin adds a passkey and signs in with it; the Activity tab shows both', async ({ page, playwright }) => {
  const checkConsole = failOnUnexpectedErrors(page);
  // WebAuthn needs a domain, not an IP address, as the relying party, and the server takes it
  // from its configured address only: a server of this test's own, at localhost.
  const port = await freePort();
  const site = `http://localhost:${port}`;
  const server = await startServer({ port, env: { SITE_URL: site } });
  const adminApi = await playwright.request.newContext({ baseURL: server.url });
  try {
    expect((await adminApi.post('/api/login', { data: adminCredentials })).status()).toBe(200);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    await newAdmin(adminApi, 'passkey-owner');
    await page.goto(`${site}/login`);
    await page.getByLabel('Username').fill('passkey-owner');
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: /log ?in/i }).click();
    await page.waitForURL('**/admin');

    await page.getByRole('link', { name: 'Account' }).click();
    const passkeys = page.getByRole('region', { name: 'Passkeys' });
    await passkeys.getByLabel('Passkey name').fill('Test laptop');
    // The wrong current password is told before the browser makes a passkey.
    await passkeys.getByLabel('Current password').fill('not my password');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await expect(passkeys.getByText('Your current password is not right')).toBeVisible();
    await passkeys.getByLabel('Current password').fill(password);
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    // The first factor comes with recovery codes, shown once.
    await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('list', { name: 'Your passkeys' })).toContainText('Test laptop');

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    await page.getByLabel('Username').fill('passkey-owner');
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: /log ?in/i }).click();
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await page.waitForURL('**/admin');

    await page.getByRole('tab', { name: 'Activity' }).click();
    const activity = page.getByRole('tabpanel');
    await expect(activity).toContainText('Added a passkey');
    await expect(activity).toContainText('password and passkey');
    await expect(activity).toContainText('passkey-owner');
    await expect(activity).toContainText('Wrong current password');

    // Removing it asks for the password again.
    await page.getByRole('link', { name: 'Account' }).click();
    await page.getByRole('button', { name: 'Remove passkey Test laptop' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove the passkey' });
    await dialog.getByLabel('Current password').fill(password);
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText('No passkeys yet.')).toBeVisible();
    checkConsole();
  } finally {
    await adminApi.dispose();
    await server.dispose();
  }
});
