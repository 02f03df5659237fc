import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { exifReveals, roomPhoto } from '../../functions/src/demo/room-photos';
import { expect, failOnConsoleErrors, signIn, test } from '../support/fixtures';
import { card, dashboardReady, uniqueName } from './admin-helpers';
import { expectNoAxeViolations } from './axe';

/**
 * A one-page PDF plan, written out as a PDF is: objects, a cross-reference table with each
 * object's byte offset, and the trailer.
 */
function planPdf(title: string): Buffer {
  const text = `BT /F1 28 Tf 72 760 Td (${title}) Tj ET\n0 0 1 RG 72 300 450 360 re S`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(text)} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(pdf));
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf);
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

async function reachContactStep(page: Page) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Start Your Project' }).click();
  const dialog = page.getByRole('dialog');
  const next = dialog.getByRole('button', { name: 'Next', exact: true });
  await dialog.getByRole('button', { name: 'Kitchen' }).click();
  await next.click();
  await dialog.getByRole('button', { name: '$15,000 - $30,000' }).click();
  await next.click();
  await dialog.getByRole('button', { name: 'Next 3 months' }).click();
  await next.click();
  await expect(dialog.getByRole('heading', { name: 'Your Contact Details' })).toBeVisible();
  return dialog;
}

test.describe("customers' photos and plans", () => {
  test('a customer attaches a phone photo and a PDF plan in the wizard; the admin sees them, and nobody else can', async ({
    browser,
    page,
    playwright,
    server,
  }) => {
    const firstName = uniqueName('Isla');
    const photo = await roomPhoto({ seed: firstName, width: 1600, height: 1200 });
    // The photo carries where it was taken, as a phone's does.
    expect(exifReveals((await sharp(photo).metadata()).exif).gps).toBe(true);
    const plan = planPdf('Ground floor plan');

    // The customer, on a phone-sized screen.
    await page.setViewportSize({ width: 390, height: 844 });
    const customerErrors = failOnConsoleErrors(page);
    const dialog = await reachContactStep(page);
    const input = dialog.getByLabel('Add photos or plans');

    // An iPhone's HEIC photo is refused before anything is uploaded, with how to get a JPEG.
    await input.setInputFiles({ name: 'IMG_0042.HEIC', mimeType: 'image/heic', buffer: Buffer.from('\0\0\0\x18ftypheic\0\0\0\0') });
    await expect(dialog.getByRole('list', { name: 'Files not added' })).toContainText(
      'IMG_0042.HEIC: HEIC photos cannot be attached. Please export the photo as JPEG',
    );
    await expectNoAxeViolations(page, '[role="dialog"]');

    await input.setInputFiles([
      { name: 'kitchen-now.jpg', mimeType: 'image/jpeg', buffer: photo },
      { name: 'floor-plan.pdf', mimeType: 'application/pdf', buffer: plan },
    ]);
    const files = dialog.getByRole('list', { name: 'Attached files' });
    const photoItem = files.getByRole('listitem').filter({ hasText: 'kitchen-now.jpg' });
    const planItem = files.getByRole('listitem').filter({ hasText: 'floor-plan.pdf' });
    await expect(photoItem.getByText('Uploaded')).toBeVisible();
    await expect(planItem.getByText('Uploaded')).toBeVisible();
    await expect(planItem).toContainText('floor-plan.pdf (PDF, ');
    // The photo's preview is the chosen file itself.
    await expect(photoItem.locator('img')).toHaveJSProperty('complete', true);
    expect(await photoItem.locator('img').evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1600);
    await expect(dialog.getByRole('button', { name: 'Remove kitchen-now.jpg' })).toBeVisible();
    await expectNoAxeViolations(page, '[role="dialog"]');
    // Nothing sticks out of a 390 px screen.
    expect(await dialog.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);

    await dialog.getByLabel('First name').fill(firstName);
    await dialog.getByLabel('Last name').fill('Walker');
    await dialog.getByLabel('Email').fill(`${firstName.toLowerCase()}@example.com`);
    await dialog.getByLabel('Phone number').fill('0400 555 123');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('heading', { name: `Thank You, ${firstName}!` })).toBeVisible();
    customerErrors();

    // The admin, in a browser of their own.
    const admin = await browser.newContext({ baseURL: server.url });
    const adminPage = await admin.newPage();
    await signIn(adminPage);
    await dashboardReady(adminPage);
    const adminErrors = failOnConsoleErrors(adminPage);
    const lead = card(adminPage, `${firstName} Walker`);
    const attachments = lead.getByRole('region', { name: 'Photos and plans' });
    // The photo is processed after the inquiry arrives; its thumbnail shows once it is ready.
    const thumbnail = attachments.getByRole('img', { name: 'kitchen-now.jpg', exact: true });
    await expect(thumbnail).toBeVisible({ timeout: 30_000 });
    await expect(thumbnail).toHaveJSProperty('complete', true);
    expect(await thumbnail.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    const thumbnailUrl = (await thumbnail.getAttribute('src'))!;

    await expectNoAxeViolations(adminPage, 'article');
    await attachments.getByRole('button', { name: 'Open kitchen-now.jpg' }).click();
    const lightbox = adminPage.getByRole('dialog', { name: 'Photo 1 of 1' });
    await expect(lightbox).toBeVisible();
    const full = lightbox.getByRole('img', { name: 'kitchen-now.jpg' });
    await expect(full).toHaveJSProperty('complete', true);
    expect(await full.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1600);
    const fullUrl = (await full.getAttribute('src'))!;
    await expect(lightbox).toContainText('1 of 1 kitchen-now.jpg');
    await adminPage.keyboard.press('Escape');
    await expect(lightbox).toBeHidden();
    await expect(attachments.getByRole('button', { name: 'Open kitchen-now.jpg' })).toBeFocused();

    // The full-size photo the admin sees no longer says where it was taken.
    const served = await adminPage.request.get(fullUrl);
    expect(served.status()).toBe(200);
    expect(exifReveals((await sharp(await served.body()).metadata()).exif)).toEqual({ gps: false, camera: false });

    // The plan: a link that downloads it under its name, never shown in the site's origin.
    const planLink = attachments.getByRole('link', { name: /^floor-plan\.pdf \(PDF, [\d.]+ (KB|bytes)\)$/ });
    const planUrl = (await planLink.getAttribute('href'))!;
    const [download] = await Promise.all([adminPage.waitForEvent('download'), planLink.click()]);
    expect(download.suggestedFilename()).toBe('floor-plan.pdf');
    expect(Buffer.compare(readFileSync((await download.path())!), plan)).toBe(0);
    const planFile = await adminPage.request.get(planUrl);
    expect(planFile.status()).toBe(200);
    expect(planFile.headers()['content-type']).toBe('application/pdf');
    expect(planFile.headers()['content-disposition']).toBe('attachment; filename="floor-plan.pdf"');
    expect(planFile.headers()['content-security-policy']).toBe('sandbox');
    expect(Buffer.compare(await planFile.body(), plan)).toBe(0);
    adminErrors();
    await admin.close();

    // Without a session, none of them.
    const stranger = await playwright.request.newContext({ baseURL: server.url });
    for (const url of [fullUrl, thumbnailUrl, planUrl]) {
      const response = await stranger.get(url);
      expect(response.status(), url).toBe(401);
    }
    await stranger.dispose();
  });
});
