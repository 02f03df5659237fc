import { countRecords, describeCounts, privacyConfirmSchema, privacyLookupSchema, type PrivacyLookup } from '@site/domain';
import { Router, type Request } from 'express';
import { signedIn } from '../auth/sessions';
import { body, parse, queryParams } from '../http/validate';
import type { RouteContext } from './context';

/** Which of the two a lookup was by: the audit trail keeps this, never the address or number itself. */
const by = (lookup: PrivacyLookup) => (lookup.email !== undefined ? 'by email address' : 'by phone number');

/**
 * The Privacy tool (Australian Privacy Principles 12 and 13, and erasure on request): every
 * record about an email address or phone number, its export as JSON, and its erasure. Admin
 * only; each use is in the audit trail, which records what was found or erased but not whose.
 */
export function privacyRoutes(ctx: Pick<RouteContext, 'audit' | 'privacy' | 'sessions'>): Router {
  const router = Router();
  const { privacy, sessions } = ctx;

  const lookUp = (lookup: PrivacyLookup) => privacy.find(lookup);

  router.get('/privacy/records', sessions.requireAdmin, async (req, res) => {
    const lookup = parse(privacyLookupSchema, queryParams(req));
    const records = await lookUp(lookup);
    await ctx.audit.record(req, signedIn(res).user, 'privacy.searched', {
      detail: `${by(lookup)}: found ${describeCounts(countRecords(records))}`,
    });
    res.set('Cache-Control', 'no-store').json(records);
  });

  router.get('/privacy/export', sessions.requireAdmin, async (req, res) => {
    const lookup = parse(privacyLookupSchema, queryParams(req));
    const records = await lookUp(lookup);
    await ctx.audit.record(req, signedIn(res).user, 'privacy.exported', {
      detail: `${by(lookup)}: ${describeCounts(countRecords(records))}`,
    });
    const day = records.generatedAt.slice(0, 10);
    res
      .set('Cache-Control', 'no-store')
      .attachment(`personal-records-${day}.json`)
      .type('application/json')
      .send(`${JSON.stringify(records, null, 2)}\n`);
  });

  router.post('/privacy/erase', sessions.requireAdmin, async (req: Request, res) => {
    const raw = body(req);
    const lookup = parse(privacyLookupSchema, { email: raw.email, phone: raw.phone });
    parse(privacyConfirmSchema, raw);
    const records = await lookUp(lookup);
    const erased = await privacy.erase(records);
    await ctx.audit.record(req, signedIn(res).user, 'privacy.erased', { detail: `${by(lookup)}: ${describeCounts(erased)}` });
    res.json(erased);
  });

  return router;
}
