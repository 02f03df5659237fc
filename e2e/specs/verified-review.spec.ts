import { type ReceivedEmail, type TestSmtpServer } from '@site/test-support/message-peers';
import { failOnConsoleErrors, signIn } from '../support/fixtures';
import { expect, test } from '../support/mail';
import { card, dashboardReady, seed, tab, toast, uniqueName } from './admin-helpers';
import { axeViolations } from './axe';

/**
 * An embedded server whose emails go to a real SMTP server (support/mail.ts), so the test reads
 * the review request the customer received and follows its link as they would.
 */

async function arrived(smtp: TestSmtpServer, match: (mail: ReceivedEmail) => boolean): Promise<ReceivedEmail> {
  await expect.poll(() => smtp.received.some(match), { timeout: 20_000 }).toBe(true);
  return smtp.received.find(match) as ReceivedEmail;
}

/** A link of the email as a path on this server (the email names the site's own address). */
function linkPath(text: string, path: string): string {
  const match = new RegExp(`https?://[^\\s/]+(${path}\\?t=[A-Za-z0-9_.%-]+)`).exec(text);
  if (!match) throw new Error(`no ${path} link in: ${text}`);
  return match[1];
}

test.describe('verified reviews', () => {
  test('a won lead is asked for a review, the customer sends it through their link, and once approved it shows as verified', async ({
    page,
    browser,
    request,
    smtp,
    mailServer,
    adminApi,
  }) => {
    const lead = await seed.inquiry(request, { firstName: uniqueName('Ruby'), lastName: 'Tran' });
    const name = `${lead.firstName} ${lead.lastName}`;
    await signIn(page);
    await dashboardReady(page);
    const check = failOnConsoleErrors(page);

    const mine = card(page, name);
    await expect(mine.getByRole('button', { name: `Request a review from ${name}` })).toHaveCount(0);
    await mine.getByRole('button', { name: `Status: New. Change the status of ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Won' }).click();
    await expect(mine.getByRole('button', { name: `Status: Won. Change the status of ${name}` })).toBeVisible();
    // Won is not finished: the review is asked for once the job is marked done.
    await expect(mine.getByRole('button', { name: `Request a review from ${name}` })).toHaveCount(0);
    await mine.getByRole('button', { name: `Mark ${name}'s job done` }).click();
    await expect(toast(page, 'Job marked done')).toBeVisible();
    await expect(mine.getByText(/^Job done: \d{1,2} \w+ \d{4}$/)).toBeVisible();
    await mine.getByRole('button', { name: `Request a review from ${name}` }).click();
    await expect(toast(page, `Review request sent to ${lead.email}`)).toBeVisible();
    await expect(mine.getByText('Review requested', { exact: true })).toBeVisible();
    await expect(mine.getByRole('list', { name: `History of ${name}` })).toContainText('by staff · Review requested');
    expect(await axeViolations(page)).toEqual([]);

    // The email the customer received: the business, how to reach it, their link and a way out.
    const email = await arrived(smtp, (mail) => mail.to.includes(lead.email) && mail.subject.startsWith('How did we do?'));
    expect(email.text).toContain('Northcote Kitchens & Bathrooms');
    expect(email.text).toContain('(03) 7010 4620');
    expect(email.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const reviewLink = linkPath(email.text, '/reviews/write');
    expect(email.text).toContain(linkPath(email.text, '/unsubscribe'));

    // The customer, in a browser of their own, follows the link: their name is filled in.
    const customer = await browser.newContext({ baseURL: mailServer.url });
    const customerPage = await customer.newPage();
    const customerCheck = failOnConsoleErrors(customerPage);
    await customerPage.goto(reviewLink);
    await customerPage.getByRole('button', { name: 'Write your review' }).click();
    const dialog = customerPage.getByRole('dialog', { name: 'Leave a Review' });
    await expect(dialog.getByLabel('Your name')).toHaveValue(name);
    const text = `Our new ${uniqueName('kitchen')} is beautiful and was finished on time.`;
    await dialog.locator('label', { hasText: /^5 Stars$/ }).click();
    await dialog.getByLabel('Your review').fill(text);
    await dialog.getByRole('button', { name: 'Submit Review' }).click();
    await expect(customerPage.getByText('Thank you for your review! It will be visible once approved.').first()).toBeVisible();
    customerCheck();

    // The link works once.
    await customerPage.goto(reviewLink);
    await expect(customerPage.getByRole('alert')).toHaveText('This link has already been used');
    await customer.close();

    // The lead's history says the review came; the admin approves it, marked as verified.
    await expect(mine.getByText('Review received', { exact: true })).toBeVisible();
    await expect(mine.getByRole('list', { name: `History of ${name}` })).toContainText(`by ${name} · Review received`);
    await tab(page, /Reviews/).click();
    const reviewCard = card(page, name).filter({ hasText: text });
    await expect(reviewCard.getByText('Verified customer')).toBeVisible();
    await reviewCard.getByRole('button', { name: `Approve review from ${name}` }).click();
    await expect(reviewCard.getByText('Approved', { exact: true })).toBeVisible();
    check();

    // The public page shows it as from a verified customer; a review without a link does not say so.
    const plain = await seed.review(request, { customerName: uniqueName('Plain') });
    expect((await adminApi.post(`/api/review/${plain.id}/approve`)).status()).toBe(200);
    await page.goto('/');
    // The reviews load as they come near the screen.
    await page.locator('#reviews').scrollIntoViewIfNeeded();
    const shown = page.locator('#reviews article').filter({ hasText: text });
    await expect(shown).toContainText('Verified customer');
    await expect(shown).toContainText(name);
    await expect(page.locator('#reviews article').filter({ hasText: plain.customerName })).not.toContainText('Verified customer');
  });

  test('the unsubscribe link asks for one click without signing in, and the address then gets no more review requests', async ({
    browser,
    request,
    smtp,
    mailServer,
    adminApi,
  }) => {
    const lead = await seed.inquiry(request, { firstName: uniqueName('Leo') });
    const again = await seed.quote(request, { email: lead.email, firstName: lead.firstName });
    expect((await adminApi.patch(`/api/project-inquiry/${lead.id}`, { data: { status: 'won' } })).status()).toBe(200);
    expect((await adminApi.post(`/api/leads/inquiry/${lead.id}/review-request`)).status()).toBe(201);
    const email = await arrived(smtp, (mail) => mail.to.includes(lead.email) && mail.subject.startsWith('How did we do?'));

    const visitor = await browser.newContext({ baseURL: mailServer.url });
    const visitorPage = await visitor.newPage();
    const check = failOnConsoleErrors(visitorPage);
    await visitorPage.goto(linkPath(email.text, '/unsubscribe'));
    // Opening the link (as a mail scanner does) unsubscribes nobody: the button does.
    await expect(visitorPage.getByRole('heading', { name: 'Unsubscribe from review requests' })).toBeVisible();
    expect(await axeViolations(visitorPage)).toEqual([]);
    await visitorPage.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(visitorPage.getByRole('heading', { name: "You're unsubscribed" })).toBeVisible();
    expect(await axeViolations(visitorPage)).toEqual([]);
    check();
    await visitor.close();

    expect((await adminApi.patch(`/api/quote-request/${again.id}`, { data: { status: 'won' } })).status()).toBe(200);
    const refused = await adminApi.post(`/api/leads/quote/${again.id}/review-request`);
    expect(refused.status()).toBe(409);
    expect((await refused.json()).message).toBe('This customer unsubscribed from review requests');
  });
});
