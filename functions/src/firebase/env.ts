import { z } from 'zod';
import { envSchema } from '../config';

/**
 * The function's environment, checked once per instance. Deployed values come from
 * `functions/.env` / `functions/.env.<project>` (copied into the deploy bundle) and, for
 * ADMIN_PASSWORD, from Secret Manager; the emulators and Cloud Functions set the rest.
 */
export const firebaseEnvSchema = envSchema
  .pick({
    ADMIN_USERNAME: true,
    TRUST_PROXY: true,
    ALLOWED_ORIGINS: true,
    VISITOR_RETENTION_DAYS: true,
    SESSION_TTL_HOURS: true,
    SESSION_IDLE_MINUTES: true,
    REQUIRE_MFA: true,
    AUDIT_RETENTION_DAYS: true,
    LEAD_RETENTION_MONTHS: true,
    FORM_RATE_LIMIT: true,
    STRIPE_SECRET_KEY: true,
    STRIPE_WEBHOOK_SECRET: true,
    STRIPE_API_URL: true,
    VISIT_RATE_LIMIT: true,
    LOGIN_RATE_LIMIT: true,
    NOTIFY_EMAIL: true,
    NOTIFY_SMS: true,
    SMS_COUNTRIES: true,
    CUSTOMER_MESSAGES_PER_DAY: true,
    SITE_URL: true,
    FOLLOW_UP_AFTER_HOURS: true,
    BUSINESS_HOURS: true,
    ATTACHMENT_MB_PER_DAY: true,
    ATTACHMENT_STORAGE_MB: true,
  })
  .extend({
    /** Set by Cloud Functions and the emulator. */
    GCLOUD_PROJECT: z.string().min(1, 'GCLOUD_PROJECT is not set: run inside Cloud Functions or the emulator'),
    /** Overrides the project's default bucket (FIREBASE_CONFIG.storageBucket). */
    STORAGE_BUCKET: z.string().optional(),
    /** The Trigger Email and Twilio extensions' collections. */
    MAIL_COLLECTION: z.string().default('mail'),
    /**
     * The address the Trigger Email extension sends from (its DEFAULT_FROM). Set, each email goes
     * from the business's name at it; unset, the extension's own From is left alone.
     */
    MAIL_FROM: z.string().email('must be an address such as hello@example.com.au').optional(),
    SMS_COLLECTION: z.string().default('messages'),
    /**
     * App Check on the public forms and visits: `off` (the default), `monitor` (check and log,
     * refuse nothing: the first step of a rollout) or `enforce` (refuse an unverified request).
     */
    APP_CHECK: z.enum(['off', 'monitor', 'enforce'], { message: 'must be off, monitor or enforce' }).default('off'),
    /** Set by the emulator suite when those emulators run. */
    FUNCTIONS_EMULATOR: z.string().optional(),
    FIREBASE_STORAGE_EMULATOR_HOST: z.string().optional(),
  });

export type FirebaseEnv = z.infer<typeof firebaseEnvSchema>;

/** The Hosting emulator's port in firebase.json. */
export const hostingEmulatorPort = 5000;

/**
 * How many proxies in front of the function append to X-Forwarded-For on the way from a
 * browser through Hosting: Hosting's CDN appends the address the browser connected from,
 * and Google's front end of Cloud Run (Cloud Functions v2) appends the CDN's own. So the
 * browser's address is the second from the right, and anything further left was written by
 * the client and is not trusted. (`true` would take the leftmost, which a client can forge.)
 */
export const hostingProxyHops = 2;

export function readFirebaseEnv(source: NodeJS.ProcessEnv = process.env): FirebaseEnv {
  const result = firebaseEnvSchema.safeParse({ TRUST_PROXY: String(hostingProxyHops), ...source });
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  return result.data;
}

/**
 * The site's own origins. Hosting forwards `/api/**` to the function under the function's
 * host name, so "same origin" cannot be read off the Host header: the site's default
 * domains are allowed by name, custom domains through ALLOWED_ORIGINS.
 */
export function siteOrigins(env: FirebaseEnv): string[] {
  const project = env.GCLOUD_PROJECT;
  const origins = [`https://${project}.web.app`, `https://${project}.firebaseapp.com`, ...env.ALLOWED_ORIGINS];
  if (env.FUNCTIONS_EMULATOR === 'true') origins.push(`http://localhost:${hostingEmulatorPort}`, `http://127.0.0.1:${hostingEmulatorPort}`);
  return origins;
}
