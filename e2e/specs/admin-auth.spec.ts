import { adminCredentials } from '../support/server';
import { expect, failOnConsoleErrors, holdRequests, signIn, test } from '../support/fixtures';
import { tab, toast } from './admin-helpers';

test.describe('admin sign-in', () => {
  test('the login page has both fields, the side panel and noindex', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByLabel('Username')).toBeVisible();
    await expect(page.getByLabel('Password')).toHaveAttribute('type', 'password');
    const panel = page.getByRole('complementary');
    await expect(panel.getByRole('listitem')).toHaveText([
      'View all project inquiries',
      'Access customer contact details',
      'Track project timelines and budgets',
    ]);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  });

  test('both fields are required', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Username is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a wrong password shows the Login failed toast with the server’s message, gone once signed in', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Username').fill(adminCredentials.username);
    await page.getByLabel('Password').fill('not the password');
    // Hold the answer back a moment so the pending label can be seen.
    const release = await holdRequests(page, '**/api/login');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('button', { name: 'Logging in...' })).toBeDisabled();
    release();
    const alert = toast(page, 'Login failed');
    await expect(alert).toBeVisible();
    await expect(alert).toContainText('Invalid username or password');
    await expect(alert).not.toContainText('401');
    await expect(page).toHaveURL(/\/login$/);

    await page.unroute('**/api/login');
    await page.getByLabel('Password').fill(adminCredentials.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/\/admin$/);
    await expect(page.getByText('Logged in as')).toBeVisible();
    await expect(page.getByText('Invalid username or password')).toHaveCount(0);
  });

  test('signing in goes to /admin and shows who is logged in', async ({ page }) => {
    await signIn(page);
    const assertNoErrors = failOnConsoleErrors(page);
    await expect(page.getByText('Logged in as')).toContainText(`Logged in as ${adminCredentials.username}`);
    await expect(tab(page, /^Inquiries \(\d+\)$/)).toHaveAttribute('aria-selected', 'true');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    assertNoErrors();
  });

  test('/admin shows a spinner while the session is checked, then redirects to /login when signed out', async ({ page }) => {
    // Hold the session check (at /admin it comes with the dashboard's first screen) until the spinner has been seen.
    const release = await holdRequests(page, '**/api/dashboard');
    await page.goto('/admin');
    await expect(page.getByRole('progressbar', { name: 'Checking your session' })).toBeVisible();
    release();
    await page.waitForURL(/\/login\?next=%2Fadmin$/);
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  });

  test('after signing in, the page asked for comes back, tab included', async ({ page }) => {
    await page.goto('/admin?tab=reviews');
    await page.waitForURL(/\/login\?next=/);
    await page.getByLabel('Username').fill(adminCredentials.username);
    await page.getByLabel('Password').fill(adminCredentials.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/\/admin\?tab=reviews$/);
    await expect(tab(page, /^Reviews/)).toHaveAttribute('aria-selected', 'true');
  });

  test('next cannot send the admin to another site', async ({ page }) => {
    await page.goto('/login?next=//evil.example/phish');
    await page.getByLabel('Username').fill(adminCredentials.username);
    await page.getByLabel('Password').fill(adminCredentials.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/\/admin$/);
  });

  test('signed in, /login goes to /admin', async ({ page }) => {
    await signIn(page);
    await page.goto('/login');
    await page.waitForURL(/\/admin$/);
    await expect(page.getByText('Logged in as')).toBeVisible();
  });

  test('logout goes to /login and ends the session', async ({ page }) => {
    await signIn(page);
    const release = await holdRequests(page, '**/api/logout');
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByRole('button', { name: 'Logging out...' })).toBeDisabled();
    release();
    await page.waitForURL(/\/login$/);
    await page.goto('/admin');
    await page.waitForURL(/\/login\?next=/);
    expect((await page.request.get('/api/user')).status()).toBe(401);
  });

  test('a failed logout shows the Logout failed toast and stays signed in', async ({ page }) => {
    await signIn(page);
    await page.route('**/api/logout', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Boom"}' }),
    );
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(toast(page, 'Logout failed')).toContainText('500: Boom');
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByText('Logged in as')).toBeVisible();
  });
});
