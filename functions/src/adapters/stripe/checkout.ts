import type Stripe from 'stripe';
import { z } from 'zod';
import type { DepositCheckout } from '#functions/ports/quotes.ts';

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** Another address for Stripe's API (a local stand-in in tests); Stripe's own by default. */
  apiUrl?: string;
}

/** Stripe's ids: letters, digits and underscores (`evt_1Q…`, `cs_test_a1…`); anything else is no event of theirs. */
const stripeId = z.string().regex(/^[A-Za-z0-9_]{1,255}$/);

/** What a webhook body must be once its signature holds: an event with its `data.object`. */
const eventSchema = z.object({
  id: stripeId,
  type: z.string().min(1).max(255),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

/** The Checkout session's fields the deposit is checked against; each one of another type is left out (and so never matches). */
const sessionSchema = z.object({
  object: z.literal('checkout.session'),
  id: stripeId,
  metadata: z
    .object({ quoteId: z.string().max(255).optional().catch(undefined) })
    .nullish()
    .catch(undefined),
  amount_total: z.number().int().nullish().catch(undefined),
  currency: z.string().max(10).nullish().catch(undefined),
  payment_status: z.string().max(50).nullish().catch(undefined),
});

/**
 * Stripe Checkout for quote deposits, through the official client; webhooks checked with its
 * signature. The client is loaded at its first use, not at the server's start: most requests
 * never pay a deposit (docs/decisions/032-server-speed.md).
 */
export function createStripeCheckout(config: StripeConfig): DepositCheckout {
  const api = config.apiUrl ? new URL(config.apiUrl) : undefined;
  let client: Promise<{ stripe: Stripe; signatureError: typeof Stripe.errors.StripeSignatureVerificationError }> | undefined;
  const loaded = () =>
    (client ??= import('stripe').then(({ default: StripeClient }) => ({
      stripe: new StripeClient(config.secretKey, {
        maxNetworkRetries: 2,
        timeout: 20_000,
        ...(api
          ? {
              host: api.hostname,
              port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)),
              protocol: api.protocol === 'https:' ? ('https' as const) : ('http' as const),
            }
          : {}),
      }),
      signatureError: StripeClient.errors.StripeSignatureVerificationError,
    })));
  return {
    async createSession(input) {
      const { stripe } = await loaded();
      const session = await stripe.checkout.sessions.create({
        mode: 'payment',
        customer_email: input.email,
        client_reference_id: input.quoteId,
        metadata: { quoteId: input.quoteId },
        expires_at: Math.floor(input.expiresAt.getTime() / 1000),
        line_items: [
          { quantity: 1, price_data: { currency: 'aud', unit_amount: input.amountCents, product_data: { name: input.description } } },
        ],
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
      });
      if (!session.url) throw new Error('Stripe answered a Checkout session without its address');
      return { id: session.id, url: session.url };
    },
    async expireSession(id) {
      const { stripe } = await loaded();
      await stripe.checkout.sessions.expire(id);
    },
    async verifyEvent(rawBody, signature) {
      const { stripe, signatureError } = await loaded();
      let parsed: unknown;
      try {
        parsed = stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret);
      } catch (error) {
        // Signed, but not JSON: the sender is ours (it holds the secret), the body is still refused.
        return { refused: error instanceof signatureError ? 'signature' : 'malformed' };
      }
      const event = eventSchema.safeParse(parsed);
      if (!event.success) return { refused: 'malformed' };
      const { id, type, data } = event.data;
      const session = sessionSchema.safeParse(data.object);
      if (!session.success) return { event: { id, type } };
      const { metadata, amount_total: amountTotal, currency, payment_status: paymentStatus } = session.data;
      return {
        event: {
          id,
          type,
          session: {
            id: session.data.id,
            ...(metadata?.quoteId ? { quoteId: metadata.quoteId } : {}),
            ...(typeof amountTotal === 'number' ? { amountTotal } : {}),
            ...(currency ? { currency } : {}),
            ...(paymentStatus ? { paymentStatus } : {}),
          },
        },
      };
    },
  };
}

/** The deposit's card payments from the environment: none without both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET. */
export function stripeCheckoutFromEnv(env: {
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  STRIPE_API_URL?: string;
}): DepositCheckout | undefined {
  if (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET) return undefined;
  return createStripeCheckout({ secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET, apiUrl: env.STRIPE_API_URL });
}
