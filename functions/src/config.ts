import { resolve } from 'node:path';
import { z } from 'zod';

const intFrom = (fallback: number, min = 0) => z.coerce.number().int().min(min).default(fallback);

const trustProxy = z
  .string()
  .optional()
  .transform((value): boolean | number | string => {
    if (value === undefined || value === '' || value === 'false') return false;
    if (value === 'true') return true;
    if (/^\d+$/.test(value)) return Number(value);
    return value;
  });

/** The environment of the embedded server, checked once at start. */
export const envSchema = z.object({
  PORT: intFrom(3000).pipe(z.number().max(65535)),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./.data'),
  WEB_DIST: z.string().optional(),
  ADMIN_USERNAME: z.string().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  TRUST_PROXY: trustProxy,
  ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((value) => value.split(',').map((s) => s.trim()).filter(Boolean)),
  VISITOR_RETENTION_DAYS: intFrom(90, 1),
  SESSION_TTL_HOURS: intFrom(168, 1),
  FORM_RATE_LIMIT: intFrom(20, 1),
  VISIT_RATE_LIMIT: intFrom(120, 1),
  LOGIN_RATE_LIMIT: intFrom(5, 1),
  NOTIFY_EMAIL: z.string().optional(),
  SMTP_URL: z.string().optional(),
});

export type Env = z.infer<typeof envSchema>;

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  return { ...result.data, DATA_DIR: resolve(result.data.DATA_DIR) };
}
