import type { APIRequestContext } from '@playwright/test';
import { startSmtpServer, type ReceivedEmail, type TestSmtpServer } from '@site/test-support/message-peers';
import { test as base, expect } from './fixtures';
import { adminCredentials, startServer, type RunningServer } from './server';

export type { ReceivedEmail, TestSmtpServer };

interface MailWorkerFixtures {
  /** An SMTP server the worker's embedded server sends every email to. */
  workerSmtp: TestSmtpServer;
  /** The worker's current mail server and the spec file it was started for. */
  mailServers: { current?: { file: string; server: RunningServer } };
}

interface MailTestFixtures {
  /**
   * The embedded server, with SMTP_URL pointing at `workerSmtp`: one per spec file, so a spec
   * that renames the business or changes its phone never leaks into the next file the worker runs.
   */
  mailServer: RunningServer;
  /** The emails the server has sent so far, as the SMTP server received them. */
  smtp: TestSmtpServer;
  adminApi: APIRequestContext;
}

/** Specs whose server really sends its emails: through SMTP to a server the test reads. */
export const test = base.extend<MailTestFixtures, MailWorkerFixtures>({
  workerSmtp: [
    async ({}, use) => {
      const smtp = await startSmtpServer();
      await use(smtp);
      await smtp.close();
    },
    { scope: 'worker' },
  ],
  mailServers: [
    async ({}, use) => {
      const servers: MailWorkerFixtures['mailServers'] = {};
      await use(servers);
      await servers.current?.server.dispose();
    },
    { scope: 'worker' },
  ],
  mailServer: async ({ workerSmtp, mailServers }, use, testInfo) => {
    if (mailServers.current?.file !== testInfo.file) {
      await mailServers.current?.server.dispose();
      const server = await startServer({ env: { SMTP_URL: workerSmtp.url, MAIL_FROM: 'Website <website@example.com>' } });
      mailServers.current = { file: testInfo.file, server };
    }
    await use(mailServers.current.server);
  },
  baseURL: async ({ mailServer }, use) => {
    await use(mailServer.url);
  },
  smtp: async ({ workerSmtp }, use) => {
    await use(workerSmtp);
  },
  adminApi: async ({ playwright, mailServer }, use) => {
    const context = await playwright.request.newContext({ baseURL: mailServer.url });
    expect((await context.post('/api/login', { data: adminCredentials })).status()).toBe(200);
    await use(context);
    await context.dispose();
  },
});

export { expect };

/** The first email received that `match` picks, waiting for it to arrive. */
export async function arrived(smtp: TestSmtpServer, match: (mail: ReceivedEmail) => boolean): Promise<ReceivedEmail> {
  await expect.poll(() => smtp.received.some(match), { timeout: 20_000 }).toBe(true);
  return smtp.received.find(match) as ReceivedEmail;
}
