import { publicSettingsOf } from '@site/domain';
import { settingsUpdateSchema } from '@site/domain/settings-schema';
import { Router, type Request } from 'express';
import { z } from 'zod';
import { HttpError } from '../http/errors';
import { goLiveItems, sendTestMessages } from '../services/go-live';
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

  router.get('/settings/checklist', sessions.requireAdmin, async (_req, res) => {
    const items = await goLiveItems({
      store: ctx.store,
      settings,
      configured: ctx.delivery.configured,
      lastBackupAt: ctx.lastBackupAt,
      now: () => ctx.clock.now(),
    });
    res.json({ items, done: items.every((item) => item.done) });
  });

  // A test message to every staff recipient of a channel, sent at once: the answer is what the provider said.
  router.post('/settings/test-message', sessions.requireAdmin, async (req: Request, res) => {
    const { channel } = parse(testMessageSchema, body(req));
    const site = await settings.settings();
    const recipients = channel === 'email' ? site.notifications.emails : site.notifications.mobiles;
    if (!recipients.length) {
      throw new HttpError(409, channel === 'email' ? 'Add a staff email address first' : 'Add a staff mobile first');
    }
    const sender = ctx.delivery.senders?.[channel];
    if (!sender) {
      throw new HttpError(
        409,
        ctx.delivery.configured[channel] === null
          ? 'On Firebase the Trigger Email and Twilio extensions send messages: check their delivery state in Firestore'
          : channel === 'email'
            ? 'Email is off: set SMTP_URL and MAIL_FROM on the server and restart it'
            : 'SMS is off: set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM on the server and restart it',
      );
    }
    const outcomes = await sendTestMessages(channel, recipients, ctx.delivery.senders ?? {}, {
      brand: site.business.brand,
      siteUrl: site.business.siteUrl,
    });
    await ctx.audit.record(req, signedIn(res).user, 'settings.test_message', {
      detail: `${channel}: ${outcomes.filter((outcome) => outcome.sent).length} of ${outcomes.length} sent`,
    });
    res.json({ outcomes });
  });

  return router;
}

const testMessageSchema = z.object({
  channel: z.enum(['email', 'sms'], { error: 'Choose email or sms' }),
});
