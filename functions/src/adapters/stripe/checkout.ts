import Stripe from 'stripe';
import type { CheckoutEvent, DepositCheckout } from '../../ports/quotes';

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** Another address for Stripe's API (a local stand-in in tests); Stripe's own by default. */
  apiUrl?: string;
}

/** Stripe Checkout for quote deposits, through the official client; webhooks checked with its signature. */
export function createStripeCheckout(config: StripeConfig): DepositCheckout {
  const api = config.apiUrl ? new URL(config.apiUrl) : undefined;
  const stripe = new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(api
      ? {
          host: api.hostname,
          port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)),
          protocol: api.protocol === 'https:' ? ('https' as const) : ('http' as const),
        }
      : {}),
  });
  return {
    async createSession(input) {
      const session = await stripe.checkout.sessions.create({
        mode: 'payment',
        customer_email: input.email,
        client_reference_id: input.quoteId,
        metadata: { quoteId: input.quoteId },
        line_items: [
          { quantity: 1, price_data: { currency: 'aud', unit_amount: input.amountCents, product_data: { name: input.description } } },
        ],
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
      });
      if (!session.url) throw new Error('Stripe answered a Checkout session without its address');
      return { id: session.id, url: session.url };
    },
    verifyEvent(rawBody, signature): CheckoutEvent | null {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret);
      } catch {
        return null;
      }
      const object = event.data.object as Partial<Stripe.Checkout.Session>;
      const session =
        object.object === 'checkout.session' && typeof object.id === 'string'
          ? {
              id: object.id,
              ...(object.payment_status ? { paymentStatus: object.payment_status } : {}),
              ...((object.metadata?.quoteId ?? object.client_reference_id)
                ? { quoteId: object.metadata?.quoteId ?? object.client_reference_id ?? undefined }
                : {}),
            }
          : undefined;
      return { id: event.id, type: event.type, ...(session ? { session } : {}) };
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
