import {
  availabilityQuerySchema,
  bookingBlockInputSchema,
  bookingCalendarQuerySchema,
  bookingChangeSchema,
  bookingInputSchema,
  bookingMessages,
  bookingStaffChangeSchema,
  nextVisitQuerySchema,
} from '@site/domain';
import { Router } from 'express';
import { signedIn } from '../auth/sessions';
import { InvalidError, NotFoundError } from '../ports/errors';
import { body, idParam, parse, queryParams } from '../http/validate';
import type { RouteContext } from './context';
import { isBot } from './honeypot';

/** The customer link's token, from the query (`?t=`): 400 without one. */
function manageToken(query: Record<string, string>): string {
  const token = query.t;
  if (!token) throw new InvalidError(bookingMessages.linkInvalid, { t: bookingMessages.linkInvalid });
  return token;
}

/**
 * Booking a free site measure: the public free times, booking, and the customer's own link
 * (services/bookings.ts); staff's calendar, moves, cancellations and blocked time
 * (services/booking-calendar.ts); the feed's address and the feed itself at it (services/calendar-feed.ts).
 */
export function bookingRoutes(
  ctx: Pick<RouteContext, 'sessions' | 'audit' | 'limits' | 'verifiedClient' | 'bookings' | 'calendar' | 'calendarFeed'>,
): Router {
  const router = Router();
  const { bookings, calendar, calendarFeed, sessions, audit } = ctx;
  const forms = ctx.limits.forms;

  router.get('/booking/availability', async (req, res) => {
    res.json(await bookings.availability(parse(availabilityQuerySchema, queryParams(req))));
  });

  router.post('/bookings', ctx.verifiedClient, forms, async (req, res) => {
    const raw = body(req);
    const input = parse(bookingInputSchema, raw);
    res.status(201).json({ booking: await bookings.book(input, isBot(raw)) });
  });

  router.get('/bookings/manage', async (req, res) => {
    res.json(await bookings.manageView(manageToken(queryParams(req))));
  });

  router.post('/bookings/manage', ctx.verifiedClient, forms, async (req, res) => {
    const change = parse(bookingChangeSchema, body(req));
    res.json(await bookings.manageChange(change));
  });

  router.get('/bookings', sessions.requireAdmin, async (req, res) => {
    const { from, to } = parse(bookingCalendarQuerySchema, queryParams(req));
    res.json(await calendar.calendar(from, to));
  });

  router.get('/bookings/next', sessions.requireAdmin, async (req, res) => {
    const { from } = parse(nextVisitQuerySchema, queryParams(req));
    res.json(await calendar.nextVisit(from));
  });

  router.get('/bookings/feed', sessions.requireAdmin, async (_req, res) => {
    res.json(await calendarFeed.feed());
  });

  router.post('/bookings/feed', sessions.requireAdmin, async (req, res) => {
    const feed = await calendarFeed.regenerateFeed();
    await audit.record(req, signedIn(res).user, 'booking.feed_regenerated');
    res.json(feed);
  });

  router.post('/bookings/blocks', sessions.requireAdmin, async (req, res) => {
    const admin = signedIn(res).user;
    const block = await calendar.addBlock(parse(bookingBlockInputSchema, body(req)), admin.username);
    await audit.record(req, admin, 'booking.blocked', {
      target: `block:${block.id}`,
      detail: `${block.label}: ${block.start} to ${block.end}`,
    });
    res.status(201).json(block);
  });

  router.delete('/bookings/blocks/:id', sessions.requireAdmin, async (req, res) => {
    const block = await calendar.removeBlock(idParam(req));
    await audit.record(req, signedIn(res).user, 'booking.unblocked', {
      target: `block:${block.id}`,
      detail: `${block.label}: ${block.start} to ${block.end}`,
    });
    res.status(204).end();
  });

  // After /bookings/manage and /bookings/feed, which this pattern would otherwise take.
  router.get('/bookings/:id', sessions.requireAdmin, async (req, res) => {
    res.json(await calendar.one(idParam(req)));
  });

  router.patch('/bookings/:id', sessions.requireAdmin, async (req, res) => {
    const id = idParam(req);
    const change = parse(bookingStaffChangeSchema, body(req));
    const admin = signedIn(res).user;
    const { booking, detail } = await calendar.staffChange(id, change);
    await audit.record(req, admin, booking.status === 'cancelled' ? 'booking.cancelled' : 'booking.moved', {
      target: `booking:${id}`,
      detail: `${booking.firstName} ${booking.lastName}: ${detail}`,
    });
    res.json(booking);
  });

  // The owner's calendar app subscribes to this address: no sign-in, the secret is the key.
  router.get('/calendar/:file', async (req, res) => {
    const match = /^([A-Za-z0-9_-]{20,64})\.ics$/.exec(req.params.file);
    if (!match) throw new NotFoundError('Not found');
    const text = await calendarFeed.feedCalendar(match[1]);
    res.set('Content-Type', 'text/calendar; charset=utf-8').set('Content-Disposition', 'inline; filename="bookings.ics"').send(text);
  });

  return router;
}
