/**
 * Stripe's API as far as deposits go, on a local port: Checkout sessions made (form-encoded
 * in, a session out) and expired, each request kept for the test to read. Events are signed
 * with Stripe's own test helper, so the webhook's signature check is Stripe's library.
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import Stripe from 'stripe';
import type { TestApp } from './harness';

export const standinSecretKey = 'sk_test_standin';
export const standinWebhookSecret = 'whsec_testsecret';

export interface StripeStandin {
  apiUrl: string;
  /** Each session made: the form as sent, its id and whether it was expired since. */
  sessions: Array<{ id: string; form: Record<string, string>; expired: boolean }>;
  /** Session ids that refuse to expire (as Stripe does for a session already paid). */
  completed: Set<string>;
  close(): Promise<void>;
}

export async function startStripeStandin(): Promise<StripeStandin> {
  const sessions: StripeStandin['sessions'] = [];
  const completed = new Set<string>();
  const json = (res: ServerResponse, status: number, body: object) =>
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${sessions.length}` }).end(JSON.stringify(body));
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      if (req.method !== 'POST' || req.headers.authorization !== `Bearer ${standinSecretKey}`) {
        json(res, 404, { error: { message: 'Unknown request' } });
        return;
      }
      if (req.url === '/v1/checkout/sessions') {
        const form = Object.fromEntries(new URLSearchParams(raw));
        const id = `cs_test_${sessions.length + 1}`;
        sessions.push({ id, form, expired: false });
        json(res, 200, {
          id,
          object: 'checkout.session',
          url: `https://checkout.stripe.test/pay/${id}`,
          metadata: { quoteId: form['metadata[quoteId]'] },
          expires_at: Number(form.expires_at),
        });
        return;
      }
      const expire = /^\/v1\/checkout\/sessions\/([A-Za-z0-9_]+)\/expire$/.exec(req.url ?? '');
      const session = expire ? sessions.find((item) => item.id === expire[1]) : undefined;
      if (!session) {
        json(res, 404, { error: { message: 'No such checkout.session' } });
        return;
      }
      if (completed.has(session.id)) {
        json(res, 400, {
          error: { type: 'invalid_request_error', message: 'Only Checkout Sessions with a status of open can be expired.' },
        });
        return;
      }
      session.expired = true;
      json(res, 200, { id: session.id, object: 'checkout.session', status: 'expired' });
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  return {
    apiUrl: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    sessions,
    completed,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/** An event's body and its `stripe-signature` header, signed with `secret`. */
export function signedEvent(event: unknown, secret = standinWebhookSecret): { payload: string; header: string } {
  const payload = typeof event === 'string' ? event : JSON.stringify(event);
  return { payload, header: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
}

/** Delivers a signed body to the webhook as Stripe would. */
export const deliverEvent = (t: TestApp, { payload, header }: { payload: string; header: string }) =>
  t.client().request<{ received?: boolean; handled?: boolean; message?: string }>('POST', '/api/stripe/webhook', {
    body: payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
  });

/** A Checkout event about a session, with the fields the deposit is checked against. */
export function checkoutEvent(
  id: string,
  type: string,
  session: {
    id: string;
    quoteId?: string;
    amount_total?: number;
    currency?: string;
    payment_status?: string;
    client_reference_id?: string;
  },
) {
  const { quoteId, ...fields } = session;
  return {
    id,
    object: 'event',
    type,
    data: { object: { object: 'checkout.session', ...fields, ...(quoteId ? { metadata: { quoteId } } : { metadata: {} }) } },
  };
}
