import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { adminCredentials, startServer, type RunningServer } from './server';

interface WorkerFixtures {
  /** One embedded server per worker, on its own fresh data folder. */
  server: RunningServer;
}

interface TestFixtures {
  /** An API client on the worker's server, signed in as the admin. */
  adminApi: APIRequestContext;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  server: [
    async ({}, use) => {
      const server = await startServer();
      await use(server);
      await server.dispose();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.url);
  },
  adminApi: async ({ playwright, server }, use) => {
    const context = await playwright.request.newContext({ baseURL: server.url });
    const response = await context.post('/api/login', { data: adminCredentials });
    expect(response.status()).toBe(200);
    await use(context);
    await context.dispose();
  },
});

export { expect };

/** Signs the page's browser context in through the login form. */
export async function signIn(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(adminCredentials.username);
  await page.getByLabel('Password').fill(adminCredentials.password);
  await page.getByRole('button', { name: /log ?in/i }).click();
  await page.waitForURL('**/admin');
}

/** Fails the test on any console error or uncaught exception in the page. */
export function failOnConsoleErrors(page: Page) {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return () => expect(errors, 'console errors').toEqual([]);
}

/**
 * Holds back the page's requests to `url` until the returned function is called, so a state
 * that lasts only while they are on their way (a pending label, a loading indicator) can be seen
 * on any machine, however quick.
 */
export async function holdRequests(page: Page, url: string | RegExp): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
