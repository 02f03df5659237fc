import { priceListEntrySchema, publicSettingsOf, type BrandImageKind } from '@site/domain';
import { settingsUpdateSchema } from '@site/domain/settings-schema';
import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { ConflictError, NotFoundError } from '../ports/errors';
import { BrandImages, type BrandImageUrls } from '../services/brand-images';
import { sendTestMessages } from '../services/go-live';
import { signedIn } from '../auth/sessions';
import { body, parse } from '../http/validate';
import { emailBusinessOf } from '../services/lead-messages';
import { maskedAccountNumber, type SettingsChange } from '../services/settings';
import type { RouteContext } from './context';

/** How much of a long value (a page text) the audit trail keeps. */
const auditValueMax = 300;

const shown = (value: unknown): string => {
  if (value === undefined || value === null) return '(default)';
  const text = JSON.stringify(value);
  return text.length > auditValueMax ? `${text.slice(0, auditValueMax - 1)}…` : text;
};

/** A field's value as the audit trail keeps it: an account number by its last 4 digits, as the change notice shows it. */
const audited = (field: string, value: unknown): unknown =>
  field === 'payments.bankAccountNumber' && typeof value === 'string' && value ? maskedAccountNumber(value) : value;

/** The audit trail's line for one changed field: `business.phone: "(03) 7010 4620" → "0412 345 678"`. */
export const describeChange = (change: SettingsChange) =>
  `${change.field}: ${shown(audited(change.field, change.from))} → ${shown(audited(change.field, change.to))}`;

/**
 * The business settings: everyone reads the public part (the site's details, hours, links,
 * images, texts); an admin reads all of it (also who staff alerts go to) and saves changes,
 * each changed field audited with its old and new value.
 */
export function settingsRoutes(
  ctx: Pick<
    RouteContext,
    | 'account'
    | 'audit'
    | 'delivery'
    | 'goLiveItems'
    | 'leads'
    | 'messages'
    | 'messageSettings'
    | 'objects'
    | 'sessions'
    | 'settings'
    | 'uploads'
  >,
): Router {
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
    // Asked for only when a sensitive setting changes: a session cookie alone cannot redirect deposits or alerts.
    const confirmPassword = async () => {
      await ctx.account.confirmCurrentPassword({ user: admin, from: req }, update);
    };
    const { current, changes, before } = await settings.update(update, admin.username, confirmPassword);
    for (const change of changes) {
      await ctx.audit.record(req, admin, 'settings.changed', { target: `settings:${change.field}`, detail: describeChange(change) });
    }
    await ctx.messages.announceSensitiveChanges({
      before,
      after: current.settings,
      changes,
      by: { username: admin.username, ipAddress: req.ip ?? '', userAgent: (req.get('user-agent') ?? '').slice(0, 300) },
    });
    // Leads still waiting for their follow-up reminder are due by the new hours, closures or delay.
    if (changes.some((change) => change.field.startsWith('hours.') || change.field === 'notifications.followUpAfterHours')) {
      const { followUp } = await ctx.messageSettings();
      if (followUp) await ctx.leads.rescheduleFollowUps(followUp);
    }
    res.set('Cache-Control', 'private, no-store').json(current);
  });

  // Brand images: an image uploaded as the admin's other images are (POST /api/objects/upload,
  // kind `thumbnail`), then named here; it becomes the logo's or the favicon's PNGs.
  const brandImages = new BrandImages(ctx.uploads, ctx.objects);
  const fieldsOf: Record<BrandImageKind, Array<keyof BrandImageUrls>> = {
    logo: ['logo'],
    favicon: ['favicon', 'touchIcon', 'icon192', 'icon512'],
  };
  const brandKind = (req: Request): BrandImageKind => {
    const kind = req.params.kind;
    if (kind !== 'logo' && kind !== 'favicon') throw new NotFoundError('Brand images are the logo and the favicon');
    return kind;
  };
  const saveImages = async (req: Request, res: Response, kind: BrandImageKind, urls: BrandImageUrls) => {
    const admin = signedIn(res).user;
    const { current, changes, before } = await settings.setImages((images) => {
      for (const field of fieldsOf[kind]) delete images[field];
      return { ...images, ...urls };
    }, admin.username);
    // The files the new ones replace (or a removed image's) are not needed any more.
    await brandImages.remove(fieldsOf[kind].filter((field) => before[field] !== urls[field]).map((field) => before[field]));
    for (const change of changes) {
      await ctx.audit.record(req, admin, 'settings.changed', { target: `settings:${change.field}`, detail: describeChange(change) });
    }
    res.set('Cache-Control', 'private, no-store').json(current);
  };

  router.put('/settings/images/:kind', sessions.requireAdmin, async (req: Request, res) => {
    const kind = brandKind(req);
    const { url } = parse(brandImageSchema, body(req));
    await saveImages(req, res, kind, await brandImages.make(kind, url));
  });

  router.delete('/settings/images/:kind', sessions.requireAdmin, async (req: Request, res) => {
    await saveImages(req, res, brandKind(req), {});
  });

  // An item of a quote saved to the price list (the whole list is saved with PUT /settings's priceList).
  router.post('/settings/price-list', sessions.requireAdmin, async (req: Request, res) => {
    const entry = parse(priceListEntrySchema, body(req));
    const admin = signedIn(res).user;
    const { current, changes, item } = await settings.savePriceListItem(entry, admin.username);
    for (const change of changes) {
      await ctx.audit.record(req, admin, 'settings.changed', { target: `settings:${change.field}`, detail: describeChange(change) });
    }
    res.set('Cache-Control', 'private, no-store').json({ ...current, item });
  });

  router.get('/settings/checklist', sessions.requireAdmin, async (_req, res) => {
    const items = await ctx.goLiveItems();
    res.json({ items, done: items.every((item) => item.done) });
  });

  // A test message to every staff recipient of a channel, sent at once: the answer is what the provider said.
  router.post('/settings/test-message', sessions.requireAdmin, async (req: Request, res) => {
    const { channel } = parse(testMessageSchema, body(req));
    const site = await settings.settings();
    const recipients = channel === 'email' ? site.notifications.emails : site.notifications.mobiles;
    if (!recipients.length) {
      throw new ConflictError(channel === 'email' ? 'Add a staff email address first' : 'Add a staff mobile first');
    }
    const sender = ctx.delivery.senders?.[channel];
    if (!sender) {
      throw new ConflictError(
        ctx.delivery.configured[channel] === null
          ? 'On Firebase the Trigger Email and Twilio extensions send messages: check their delivery state in Firestore'
          : channel === 'email'
            ? 'Email is off: set SMTP_URL and MAIL_FROM on the server and restart it'
            : 'SMS is off: set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM on the server and restart it',
      );
    }
    const outcomes = await sendTestMessages(channel, recipients, ctx.delivery.senders ?? {}, emailBusinessOf(site));
    await ctx.audit.record(req, signedIn(res).user, 'settings.test_message', {
      detail: `${channel}: ${outcomes.filter((outcome) => outcome.sent).length} of ${outcomes.length} sent`,
    });
    res.json({ outcomes });
  });

  return router;
}

const brandImageSchema = z.object({
  url: z.string({ error: 'Upload the image first, then send its url' }).max(2000, 'Upload the image first, then send its url'),
});

const testMessageSchema = z.object({
  channel: z.enum(['email', 'sms'], { error: 'Choose email or sms' }),
});
