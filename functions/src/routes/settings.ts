import { publicSettingsOf } from '@site/domain';
import { settingsUpdateSchema } from '@site/domain/settings-schema';
import { Router, type Request } from 'express';
import { signedIn } from '../auth/sessions';
import { body, parse } from '../http/validate';
import { rescheduleFollowUps } from '../services/follow-up';
import type { SettingsChange } from '../services/settings';
import type { RouteContext } from './context';

/** How much of a long value (a page text) the audit trail keeps. */
const auditValueMax = 300;

const shown = (value: unknown): string => {
  if (value === undefined || value === null) return '(default)';
  const text = JSON.stringify(value);
  return text.length > auditValueMax ? `${text.slice(0, auditValueMax - 1)}…` : text;
};

/** The audit trail's line for one changed field: `business.phone: "(03) 7010 4620" → "0412 345 678"`. */
export const describeChange = (change: SettingsChange) => `${change.field}: ${shown(change.from)} → ${shown(change.to)}`;

/**
 * The business settings: everyone reads the public part (the site's details, hours, links,
 * images, texts); an admin reads all of it (also who staff alerts go to) and saves changes,
 * each changed field audited with its old and new value.
 */
export function settingsRoutes(ctx: RouteContext): Router {
  const router = Router();
  const { sessions, settings } = ctx;

  router.get('/settings', async (req: Request, res) => {
    const signed = await sessions.current(req);
    const current = await settings.current();
    // One address answers both: never kept by a shared cache, and never the admin's copy for a visitor.
    res.set('Cache-Control', 'private, no-cache').vary('Cookie');
    if (signed && !signed.session.mfaSetupRequired) {
      res.json(current);
      return;
    }
    res.json({ settings: publicSettingsOf(current.settings) });
  });

  router.put('/settings', sessions.requireAdmin, async (req: Request, res) => {
    const update = parse(settingsUpdateSchema, body(req));
    const admin = signedIn(res).user;
    const { current, changes } = await settings.update(update, admin.username);
    for (const change of changes) {
      await ctx.audit.record(req, admin, 'settings.changed', { target: `settings:${change.field}`, detail: describeChange(change) });
    }
    // Leads still waiting for their follow-up reminder are due by the new hours, closures or delay.
    if (changes.some((change) => change.field.startsWith('hours.') || change.field === 'notifications.followUpAfterHours')) {
      const { followUp } = await ctx.messageSettings();
      if (followUp) await rescheduleFollowUps(ctx.store, followUp);
    }
    res.set('Cache-Control', 'private, no-store').json(current);
  });

  return router;
}
