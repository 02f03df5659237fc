import { particularsLabels, quoteAnswerMessages, quoteTotals, type Quote, type QuoteItem } from '@site/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { answerRequests, type Answer, type SentRequest } from '#web-test/api.ts';
import { renderWithProviders } from '#web-test/render.tsx';
import { LeadQuotes } from './lead-quotes';

// $20,000 + GST: a major contract, and over $16,000 the certificate comes before the deposit.
const items: QuoteItem[] = [{ description: 'Kitchen', quantity: 1, unitPriceCents: 2_000_000 }];

const quoteOf = (changes: Partial<Quote> = {}): Quote => ({
  id: 'q1',
  leadKind: 'inquiry',
  leadId: 'lead1',
  number: 'Q-0001',
  version: 1,
  status: 'sent',
  items,
  validDays: 30,
  totals: quoteTotals(items),
  createdAt: '2026-11-26T01:00:00.000Z',
  updatedAt: '2026-11-26T01:00:00.000Z',
  sentAt: '2026-11-26T02:00:00.000Z',
  ...changes,
});

const acceptance = {
  name: 'Ava Nguyen',
  at: '2026-11-26T04:00:00.000Z',
  selection: {},
  totals: quoteTotals(items),
  sha256: 'a'.repeat(64),
};

/** The lead's quotes over a server holding `quotes()`, `answer` taking any other request first. */
function renderQuotes(quotes: () => Quote[], answer: (request: SentRequest) => Answer | undefined = () => undefined) {
  const requests = answerRequests((request) => answer(request) ?? { status: 200, body: { items: { lead1: quotes() } } });
  return { requests, ...renderWithProviders(<LeadQuotes kind="inquiry" leadId="lead1" name="Ava Nguyen" />) };
}

/** The certificate's bytes go by XMLHttpRequest, which fetch's stand-in does not cover: a small server here takes them. */
let storage: { origin: string; received: { type: string; bytes: Buffer }[]; server: Server };

beforeEach(async () => {
  const received: typeof storage.received = [];
  const server = createServer((request, response) => {
    response.setHeader('Access-Control-Allow-Origin', request.headers.origin ?? '*');
    response.setHeader('Access-Control-Allow-Credentials', 'true');
    if (request.method === 'OPTIONS') {
      response.setHeader('Access-Control-Allow-Methods', 'PUT');
      response.setHeader('Access-Control-Allow-Headers', 'Content-Type');
      response.end();
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ type: request.headers['content-type'] ?? '', bytes: Buffer.concat(chunks) });
      response.writeHead(201, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ url: '/objects/documents/cert.pdf' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  storage = { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received, server };
});

afterEach(async () => {
  await new Promise((resolve) => storage.server.close(resolve));
});

const pdf = (name = 'certificate.pdf') => new File(['%PDF-1.4\n%%EOF\n'], name, { type: 'application/pdf' });
const fileInput = () => document.querySelector<HTMLInputElement>('input[type=file][name=insurance-file]')!;

describe('sending a major quote', () => {
  test("a send refused for missing particulars keeps the server's sentence on the draft's card", async () => {
    const message = quoteAnswerMessages.particularsMissing('Q-0001', [particularsLabels.registrationNumber, particularsLabels.siteAddress]);
    const { user } = renderQuotes(
      () => [quoteOf({ status: 'draft', sentAt: undefined })],
      (request) =>
        request.url.endsWith('/send')
          ? { status: 409, body: { message, errors: { registrationNumber: message, siteAddress: message } } }
          : undefined,
    );
    await user.click(await screen.findByRole('button', { name: 'Send' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByText('Draft')).toBeVisible();
  });
});

describe('the insurance certificate', () => {
  test('an accepted quote over $16,000 asks for it; a PDF is uploaded, attached, offered for download and can be removed', async () => {
    let stored = quoteOf({ status: 'accepted', acceptance });
    const { user, requests } = renderQuotes(
      () => [stored],
      (request) => {
        if (request.url === '/api/objects/upload') return { status: 200, body: { uploadURL: `${storage.origin}/upload/doc1` } };
        if (request.url === '/api/quotes/q1/insurance' && request.method === 'PUT') {
          stored = {
            ...stored,
            insurance: {
              name: 'insurance-certificate.pdf',
              size: 48_000,
              attachedAt: '2026-11-27T00:30:00.000Z',
              url: '/objects/documents/cert.pdf',
            },
          };
          return { status: 200, body: stored };
        }
        if (request.url === '/api/quotes/q1/insurance' && request.method === 'DELETE') {
          stored = { ...stored, insurance: undefined };
          return { status: 200, body: stored };
        }
        return undefined;
      },
    );
    const field = within(await screen.findByRole('group', { name: 'Insurance certificate for quote Q-0001 version 1' }));
    expect(field.getByText('Needed before the deposit: the accepted total is over $16,000.')).toBeVisible();

    // Only a PDF: the picker offers PDFs, but a user can switch it to all files; anything else is refused before it is sent.
    await userEvent.setup({ applyAccept: false }).upload(fileInput(), new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await field.findByRole('alert')).toHaveTextContent('This is not a PDF. Please choose a .pdf file.');
    expect(requests.some((request) => request.url === '/api/objects/upload')).toBe(false);

    await user.upload(fileInput(), pdf());
    const link = await field.findByRole('link', { name: 'insurance-certificate.pdf' });
    expect(link).toHaveAttribute('href', '/api/quotes/q1/insurance');
    expect(field.getByText('(46.9 KB, attached 27 November 2026 at 11:30 am)')).toBeVisible();
    expect(field.queryByText(/Needed before the deposit/)).toBeNull();
    expect(requests.find((request) => request.url === '/api/objects/upload')?.body).toEqual({
      kind: 'document',
      contentType: 'application/pdf',
    });
    expect(storage.received.map((file) => file.bytes.toString())).toEqual(['%PDF-1.4\n%%EOF\n']);
    expect(requests.find((request) => request.method === 'PUT')).toEqual({
      method: 'PUT',
      url: '/api/quotes/q1/insurance',
      body: { url: '/objects/documents/cert.pdf' },
    });

    await user.click(field.getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove the insurance certificate from quote Q-0001?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await field.findByRole('button', { name: 'Attach insurance certificate (PDF)' })).toBeVisible();
    expect(requests.filter((request) => request.method === 'DELETE').map((request) => request.url)).toEqual(['/api/quotes/q1/insurance']);
  });

  test('a sent quote offers it too, without saying the deposit waits; a draft does not', async () => {
    renderQuotes(() => [quoteOf(), quoteOf({ id: 'q2', number: 'Q-0002', status: 'draft', createdAt: '2026-11-26T03:00:00.000Z' })]);
    expect(await screen.findByRole('group', { name: 'Insurance certificate for quote Q-0001 version 1' })).toBeVisible();
    expect(screen.queryByRole('group', { name: /Q-0002/ })).toBeNull();
    expect(screen.queryByText(/Needed before the deposit/)).toBeNull();
  });
});

describe('cooling-off and withdrawal', () => {
  test('an accepted major quote shows when its cooling-off ends', async () => {
    renderQuotes(() => [quoteOf({ status: 'accepted', acceptance, coolingOffEndsAt: '2099-12-03T06:00:00.000Z' })]);
    expect(await screen.findByText('Cooling-off until 3 December 2099 at 5:00 pm')).toBeVisible();
  });

  test('a withdrawn quote shows who withdrew and the refund due; Mark refunded asks first, then shows the refund made', async () => {
    const withdrawal = { name: 'Ava Nguyen', at: '2026-11-30T01:00:00.000Z', refundDueCents: 110_000 };
    let stored = quoteOf({ status: 'withdrawn', acceptance, withdrawal });
    const { user, requests } = renderQuotes(
      () => [stored],
      (request) => {
        if (!request.url.endsWith('/refunded')) return undefined;
        stored = { ...stored, withdrawal: { ...withdrawal, refundedAt: '2026-12-01T02:00:00.000Z' } };
        return { status: 200, body: stored };
      },
    );
    expect(await screen.findByText('Withdrawn', { exact: true })).toBeVisible();
    expect(screen.getByText('Withdrawn by Ava Nguyen on 30 November 2026')).toBeVisible();
    expect(screen.getByText('Refund due: $1,100.00 (paid less $100)')).toBeVisible();
    expect(screen.queryByRole('group', { name: /Insurance certificate/ })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Mark refunded' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Mark the refund on quote Q-0001 made?' });
    expect(dialog).toHaveTextContent('Only once $1,100.00 is back with Ava Nguyen');
    await user.click(within(dialog).getByRole('button', { name: 'Mark refunded' }));
    expect(await screen.findByText('Refunded on 1 December 2026')).toBeVisible();
    // The confirmation fades out first.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Mark refunded' })).toBeNull());
    expect(requests.filter((request) => request.url.endsWith('/refunded'))).toEqual([
      { method: 'POST', url: '/api/quotes/q1/refunded', body: undefined },
    ]);
  });

  test("the server's refusal to mark a refund is shown", async () => {
    const { user } = renderQuotes(
      () => [
        quoteOf({
          status: 'withdrawn',
          acceptance,
          withdrawal: { name: 'Ava Nguyen', at: '2026-11-30T01:00:00.000Z', refundDueCents: 5_000 },
        }),
      ],
      (request) =>
        request.url.endsWith('/refunded') ? { status: 409, body: { message: quoteAnswerMessages.alreadyRefunded } } : undefined,
    );
    await user.click(await screen.findByRole('button', { name: 'Mark refunded' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Mark refunded' }));
    await waitFor(() => expect(screen.getByText(new RegExp(quoteAnswerMessages.alreadyRefunded))).toBeVisible());
  });
});
