import AxeBuilder from '@axe-core/playwright';
import type { BookingAvailability } from '@site/domain';
import type { Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { extractText, getDocumentProxy, getResolvedPDFJS } from 'unpdf';
import { failOnConsoleErrors } from '../support/fixtures';
import { arrived, expect, test, type ReceivedEmail } from '../support/mail';
import { adminCredentials } from '../support/server';
import { expectNoAxeViolations } from './axe';
import { businessTimeZone } from '@site/domain/calendar';

/**
 * What a customer receives, as a real SMTP server receives it: the booking confirmation and the
 * quote email come from the business's name with replies to its own address, in one layout
 * (the logo, a summary block of what, when, where and how much, one button, the business's
 * contact details), and the quote's PDF read back from the customer's page carries the logo,
 * the job's address, the customer's name and the option chosen.
 */

/** 40 characters, as a real business's name can be. */
const brand = 'Fitzroy North Kitchens & Bathroom Makers';
const businessEmail = 'office@fitzroy-kitchens.example.com';
const street = '14 Smith Street';

/** Melbourne's year of an instant. */
const melbourneYear = (at: string) =>
  new Intl.DateTimeFormat('en-AU', { timeZone: businessTimeZone, year: 'numeric' }).format(new Date(at));

/** The From header's display name. */
function fromName(mail: ReceivedEmail): string {
  const match = /^"?(.*?)"? <([^>]+)>$/.exec(mail.headers.from ?? '');
  expect(match, mail.headers.from).not.toBeNull();
  expect(match?.[2]).toBe('website@example.com');
  return (match?.[1] ?? '').replace(/\\(.)/g, '$1');
}

/**
 * The email's HTML part in a page of its own, as a mail client shows it. Its logo's address is
 * on the business's site (https://www.example.com), which is this test's server: the logo is
 * fetched from there; nothing else is.
 */
async function openEmail(browser: Browser, mail: ReceivedEmail, server: string): Promise<Page> {
  // A context of its own: axe runs in a page of a context, not in a lone page.
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.route('**/*', async (route) => {
    const url = new URL(route.request().url());
    if (url.origin !== 'https://www.example.com' || !url.pathname.startsWith('/objects/brand/')) return route.abort();
    await route.fulfill({ response: await route.fetch({ url: server + url.pathname }) });
  });
  await page.setContent(mail.html, { waitUntil: 'domcontentloaded' });
  return page;
}

/** The summary block's rows: each row header and its value. */
const summaryOf = (page: Page) =>
  page
    .locator('th[scope="row"]')
    .evaluateAll((headers) => headers.map((th) => [th.textContent ?? '', th.nextElementSibling?.textContent ?? '']));

/** The email reads well and is accessible: the logo and its alt text, one h1, no sideways scrolling, WCAG A/AA by axe. */
async function checkLayout(page: Page, heading: string, name: string) {
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-AU');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  const logo = page.getByRole('img', { name: brand });
  await expect(logo).toHaveAttribute('src', /^https:\/\/www\.example\.com\/objects\/brand\/logo-[\w-]+\.png$/);
  // The logo the settings hold, 640 × 160 at most, drawn 48 px high.
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.height])).toEqual([640, 48]);
  await expect(page.locator('[style*="display:none"]').first()).toBeAttached();
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
  for (const width of [320, 390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at ${width} px`).toBeLessThanOrEqual(width);
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
}

/** The one button: the email's only link with this name, and its address. */
async function button(page: Page, name: string): Promise<string> {
  const links = page.getByRole('link', { name });
  await expect(links).toHaveCount(1);
  return (await links.getAttribute('href')) ?? '';
}

/** The business's contact details at the foot. */
async function expectFooter(page: Page) {
  await expect(page.getByRole('link', { name: '(03) 9123 4567' })).toHaveAttribute('href', 'tel:+61391234567');
  await expect(page.getByRole('link', { name: businessEmail })).toHaveAttribute('href', `mailto:${businessEmail}`);
  await expect(page.getByText('ABN 51 824 753 556')).toBeVisible();
}

test.describe('the emails a customer receives', () => {
  test('the booking confirmation and the quote email in the business’s layout, and the quote’s PDF from the customer’s page', async ({
    browser,
    request,
    smtp,
    mailServer,
    adminApi,
  }) => {
    test.setTimeout(180_000);

    // The business: its name, its own address for replies, an ABN, a phone, and a logo.
    const { version, settings } = (await (await adminApi.get('/api/settings')).json()) as {
      version: number;
      settings: { business: Record<string, unknown> };
    };
    const saved = await adminApi.put('/api/settings', {
      data: {
        version,
        business: { ...settings.business, brand, email: businessEmail, abn: '51824753556', phone: '(03) 9123 4567' },
        currentPassword: adminCredentials.password,
      },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    const logoPng = await sharp({ create: { width: 800, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([{ input: { create: { width: 600, height: 120, channels: 4, background: '#b48c3c' } }, top: 40, left: 100 }])
      .png()
      .toBuffer();
    const { uploadURL } = (await (await adminApi.post('/api/objects/upload', { data: { kind: 'thumbnail' } })).json()) as {
      uploadURL: string;
    };
    const uploaded = await adminApi.put(uploadURL, { data: logoPng, headers: { 'Content-Type': 'image/png' } });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
    const logo = await adminApi.put('/api/settings/images/logo', { data: { url: ((await uploaded.json()) as { url: string }).url } });
    expect(logo.status(), await logo.text()).toBe(200);

    // A customer books a kitchen measure at the first free time.
    const email = `ava.${Date.now()}@example.com`;
    const free = (await (await request.get('/api/booking/availability?postcode=3070&suburb=Northcote')).json()) as BookingAvailability;
    const day = free.days[0];
    expect(day, 'a free day in the coming weeks').toBeDefined();
    const slot = day.slots[0];
    const booked = await request.post('/api/bookings', {
      data: {
        service: 'kitchen',
        start: slot.start,
        street,
        suburb: 'Northcote',
        postcode: '3070',
        firstName: 'Ava',
        lastName: 'Nguyen',
        email,
        mobile: '0412 345 678',
      },
    });
    expect(booked.status(), await booked.text()).toBe(201);

    const confirmation = await arrived(smtp, (mail) => mail.to.includes(email) && /^Your free kitchen measure/.test(mail.subject));
    expect(fromName(confirmation)).toBe(brand);
    expect(confirmation.headers['reply-to']).toBe(businessEmail);
    const when = `${day.label} ${melbourneYear(slot.start)}, ${slot.label}`;
    expect(when).toMatch(/^[A-Z][a-z]+day \d{1,2} [A-Z][a-z]+ \d{4}, \d{1,2}:\d\d [ap]m$/);
    const bookingEmail = await openEmail(browser, confirmation, mailServer.url);
    expect(await summaryOf(bookingEmail)).toEqual([
      ['What', 'Kitchen measure'],
      ['When', `${when} (${free.visitMinutes} minutes)`],
      ['Where', `${street}, Northcote 3070`],
    ]);
    const manage = await button(bookingEmail, 'Move or cancel your visit');
    expect(manage).toMatch(/^https:\/\/www\.example\.com\/book\/manage\?t=[\w.%-]+$/);
    await expectFooter(bookingEmail);
    await checkLayout(bookingEmail, confirmation.subject, 'booking-email');
    // The text part says the same.
    for (const line of [
      'What: Kitchen measure',
      `When: ${when}`,
      `Where: ${street}, Northcote 3070`,
      `Move or cancel your visit: ${manage}`,
    ]) {
      expect(confirmation.text).toContain(line);
    }
    expect(confirmation.text).toContain(`${brand}\n(03) 9123 4567\n${businessEmail}\nABN 51 824 753 556\n`);
    await bookingEmail.context().close();

    // The booking's lead is quoted: a benchtop to choose, sent.
    const leads = (await (await adminApi.get('/api/quote-requests?limit=100')).json()) as Array<{ id: string; email: string }>;
    const lead = leads.find((candidate) => candidate.email === email);
    expect(lead, 'the booking’s quote request').toBeDefined();
    const draft = await adminApi.post(`/api/leads/quote/${lead!.id}/quotes`, {
      data: {
        items: [
          { description: 'Cabinetry and installation', quantity: 1, unitPriceCents: 600_000 },
          { description: 'Laminate benchtop', quantity: 3.5, unit: 'm', unitPriceCents: 25_000, group: 'Benchtop' },
          { description: 'Stone benchtop', quantity: 3.5, unit: 'm', unitPriceCents: 60_000, group: 'Benchtop' },
        ],
      },
    });
    expect(draft.status(), await draft.text()).toBe(201);
    const quoteId = ((await draft.json()) as { id: string }).id;
    const sent = await adminApi.post(`/api/quotes/${quoteId}/send`);
    expect(sent.status(), await sent.text()).toBe(200);
    const { number } = (await sent.json()) as { number: string };

    const quoteMail = await arrived(smtp, (mail) => mail.to.includes(email) && mail.subject === `Your quote ${number} from ${brand}`);
    expect(fromName(quoteMail)).toBe(brand);
    expect(quoteMail.headers['reply-to']).toBe(businessEmail);
    const quoteEmail = await openEmail(browser, quoteMail, mailServer.url);
    const summary = await summaryOf(quoteEmail);
    // $6,000 + 3.5 m × $250 = $6,875, and GST.
    expect(summary.slice(0, 3)).toEqual([
      ['What', `Quote ${number}`],
      ['Where', `${street}, Northcote VIC 3070`],
      ['Total', '$7,562.50 including GST'],
    ]);
    expect(summary[3][0]).toBe('Valid until');
    expect(summary[3][1]).toMatch(/^[A-Z][a-z]+day \d{1,2} [A-Z][a-z]+ \d{4}$/);
    expect(quoteMail.text).toContain(`is valid until ${summary[3][1]}.`);
    expect(summary).toHaveLength(4);
    const link = await button(quoteEmail, 'View and accept your quote');
    expect(link).toMatch(/^https:\/\/www\.example\.com\/your-project\?t=[\w.%-]+$/);
    expect(quoteMail.text).toContain(`View and accept your quote: ${link}`);
    await expectFooter(quoteEmail);
    await checkLayout(quoteEmail, quoteMail.subject, 'quote-email');
    await quoteEmail.context().close();

    // The customer follows the emailed link (on this test's server), and downloads the PDF from their page.
    const customer = await browser.newContext({ baseURL: mailServer.url, viewport: { width: 390, height: 844 } });
    const page = await customer.newPage();
    const check = failOnConsoleErrors(page);
    await page.goto(new URL(link).pathname + new URL(link).search);
    // A booked customer's page leads with their visit; the quote sent since is on it.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Your kitchen measure on ${day.label}`);
    const download = page.getByRole('link', { name: new RegExp(`^Download .*${number}.* as a PDF$`) });
    await expect(download).toBeVisible();
    await expectNoAxeViolations(page);
    const pdfResponse = await page.request.get((await download.getAttribute('href')) ?? '');
    expect(pdfResponse.status()).toBe(200);
    expect(pdfResponse.headers()['content-type']).toBe('application/pdf');
    const pdf = await getDocumentProxy(new Uint8Array(await pdfResponse.body()));
    const { text } = await extractText(pdf, { mergePages: true });
    expect(text).toContain(brand);
    expect(text).toContain(`For Ava Nguyen, ${street}, Northcote VIC 3070`);
    expect(text).toContain('Chosen: Laminate benchtop');
    expect(text).toContain('Alternative: Stone benchtop, +$1,225.00');
    // The logo is drawn on the first page: an image painted there.
    const { OPS } = await getResolvedPDFJS();
    const operators = await (await pdf.getPage(1)).getOperatorList();
    expect(operators.fnArray).toContain(OPS.paintImageXObject);
    check();
    await customer.close();
  });
});
