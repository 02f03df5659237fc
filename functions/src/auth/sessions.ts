import { accountMessages, backgroundRequestHeader, type AdminSession, type User } from '@site/domain';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { EventEmitter } from 'node:events';
import { HttpError } from '../http/errors';
import { readCookieParts, writeCookieParts, type CookieParts } from '../http/cookies';
import { newToken, sha256 } from '../ids';
import type { Clock } from '../ports/clock';
import type { LoginChallengeRecord, SessionRecord, Store } from '../ports/store';
import type { AuditTrail } from '../services/audit';

export interface SignedIn {
  session: SessionRecord;
  user: User;
}

export interface SessionSettings {
  /** The absolute lifetime of a session. */
  ttlSeconds: number;
  /** A session unused for this long ends. */
  idleSeconds: number;
}

/** How long a browser that signed in stays known (its device cookie). */
const deviceTtlSeconds = 180 * 24 * 3600;
/** How long the second step of a sign-in may take. */
const challengeTtlSeconds = 5 * 60;
/** lastSeenAt is written at most this often: one write a minute, not one per request. */
const touchEverySeconds = 60;

const userAgentOf = (req: Request) => (req.get('user-agent') ?? '').slice(0, 300);

/** A request the admin pages sent on their own (a poll, a refetch after a live change): not use. */
const inBackground = (req: Request) => req.get(backgroundRequestHeader) === '1';

/**
 * Server-side sessions behind the __session cookie; the store keeps only token hashes.
 * The same cookie carries a sign-in waiting for its second factor (`pending`) and the
 * device token of a browser that completed a sign-in before (see http/cookies.ts).
 */
export class Sessions {
  /** Emits 'ended' with the session id, so open event streams can close. */
  readonly events = new EventEmitter();

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly settings: SessionSettings,
    /** Where refused admin requests are recorded (the command line, which serves none, has no need). */
    private readonly audit?: AuditTrail,
  ) {
    this.events.setMaxListeners(0);
  }

  private write(req: Request, res: Response, parts: CookieParts) {
    writeCookieParts(req, res, parts, Math.max(this.settings.ttlSeconds, deviceTtlSeconds));
  }

  /**
   * A completed sign-in: ends the session this browser held, starts a new one, and marks
   * the browser as one this admin signed in from (a new device token each time).
   */
  async start(req: Request, res: Response, user: User, options: { mfaSetupRequired?: boolean } = {}): Promise<SessionRecord> {
    const parts = readCookieParts(req);
    if (parts.session) await this.end(sha256(parts.session));
    if (parts.pending) await this.store.loginChallenges.delete(sha256(parts.pending));
    if (parts.device) await this.store.loginDevices.delete(sha256(parts.device));
    const token = newToken();
    const device = newToken();
    const now = this.clock.now();
    const session: SessionRecord = {
      id: sha256(token),
      userId: user.id,
      username: user.username,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + this.settings.ttlSeconds * 1000).toISOString(),
      lastSeenAt: now.toISOString(),
      ipAddress: req.ip ?? '',
      userAgent: userAgentOf(req),
      mfaSetupRequired: options.mfaSetupRequired ?? false,
    };
    await this.store.sessions.insert(session);
    await this.store.loginDevices.insert({
      id: sha256(device),
      userId: user.id,
      username: user.username,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + deviceTtlSeconds * 1000).toISOString(),
    });
    this.write(req, res, { session: token, device });
    return session;
  }

  /**
   * The signed-in admin, also one who still has to set up a second factor. The request counts
   * as use of the session (postponing its idle timeout) unless `touch` is false: by default,
   * unless the admin pages marked it as sent in the background.
   */
  async current(req: Request, touch = !inBackground(req)): Promise<SignedIn | null> {
    const { session: token } = readCookieParts(req);
    if (!token) return null;
    const session = await this.store.sessions.get(sha256(token));
    if (!session) return null;
    const now = this.clock.now();
    if (!this.live(session, now)) {
      await this.end(session.id);
      return null;
    }
    if (touch && now.getTime() - Date.parse(session.lastSeenAt) >= touchEverySeconds * 1000) {
      session.lastSeenAt = now.toISOString();
      await this.store.sessions.update(session.id, { lastSeenAt: session.lastSeenAt });
    }
    const user: User = { id: session.userId, username: session.username };
    if (session.mfaSetupRequired) user.mfaSetupRequired = true;
    return { session, user };
  }

  private live(session: SessionRecord, now: Date) {
    return session.expiresAt > now.toISOString() && now.getTime() - Date.parse(session.lastSeenAt) < this.settings.idleSeconds * 1000;
  }

  async isLive(sessionId: string): Promise<boolean> {
    const session = await this.store.sessions.get(sessionId);
    return !!session && this.live(session, this.clock.now());
  }

  async end(sessionId: string): Promise<boolean> {
    const ended = await this.store.sessions.delete(sessionId);
    this.events.emit('ended', sessionId);
    return ended;
  }

  /** Ends the session; the browser stays known as one this admin signed in from. */
  async logout(req: Request, res: Response): Promise<SignedIn | null> {
    const signedIn = await this.current(req);
    if (signedIn) await this.end(signedIn.session.id);
    const { device } = readCookieParts(req);
    this.write(req, res, { device });
    return signedIn;
  }

  /** The admin's sessions, most recently used first. */
  async list(userId: string, currentId: string): Promise<AdminSession[]> {
    const now = this.clock.now();
    const sessions: SessionRecord[] = [];
    let after: string | undefined;
    do {
      const page = await this.store.sessions.find({ where: { userId }, orderBy: 'expiresAt', direction: 'asc', limit: 200, after });
      sessions.push(...page.items);
      after = page.next;
    } while (after);
    return sessions
      .filter((s) => this.live(s, now))
      .sort((a, b) => b.lastSeenAt.localeCompare(a.lastSeenAt))
      .map((s) => ({
        id: s.id,
        current: s.id === currentId,
        createdAt: s.createdAt,
        lastSeenAt: s.lastSeenAt,
        ipAddress: s.ipAddress,
        userAgent: s.userAgent,
      }));
  }

  /** Ends every session of a user but `exceptId` (e.g. when the account is deleted); returns how many. */
  async endAllFor(userId: string, exceptId?: string): Promise<number> {
    let ended = 0;
    let after: string | undefined;
    for (;;) {
      const page = await this.store.sessions.find({ where: { userId }, orderBy: 'expiresAt', direction: 'asc', limit: 200, after });
      const ids = page.items.map((s) => s.id).filter((id) => id !== exceptId);
      if (ids.length) await this.store.sessions.deleteMany(ids);
      for (const id of ids) this.events.emit('ended', id);
      ended += ids.length;
      if (!page.next) return ended;
      // The kept session stays in the list: page on past it.
      after = page.next;
    }
  }

  // ------------------------------------------------------------ the second step of a sign-in

  /** Ends the sign-ins of a user still waiting for their second factor (a new password); returns how many. */
  async endPendingSignIns(userId: string): Promise<number> {
    let ended = 0;
    for (;;) {
      // By id: an equality filter alone, which Firestore answers without a composite index.
      const page = await this.store.loginChallenges.find({ where: { userId }, orderBy: 'id', direction: 'asc', limit: 200 });
      if (page.items.length) await this.store.loginChallenges.deleteMany(page.items.map((c) => c.id));
      ended += page.items.length;
      if (!page.next) return ended;
    }
  }

  /** The password was right and a second factor is needed: no session yet, only a challenge. */
  async beginChallenge(req: Request, res: Response, user: User, methods: string[]): Promise<void> {
    const parts = readCookieParts(req);
    if (parts.session) await this.end(sha256(parts.session));
    if (parts.pending) await this.store.loginChallenges.delete(sha256(parts.pending));
    const token = newToken();
    const now = this.clock.now();
    await this.store.loginChallenges.insert({
      id: sha256(token),
      userId: user.id,
      username: user.username,
      methods,
      attempts: 0,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + challengeTtlSeconds * 1000).toISOString(),
    });
    this.write(req, res, { pending: token, device: parts.device });
  }

  /** The sign-in waiting for its second factor, or 401 when there is none (or it expired). */
  async challenge(req: Request): Promise<LoginChallengeRecord> {
    const { pending } = readCookieParts(req);
    const challenge = pending ? await this.store.loginChallenges.get(sha256(pending)) : null;
    if (!challenge || challenge.expiresAt <= this.clock.now().toISOString()) {
      if (challenge) await this.store.loginChallenges.delete(challenge.id);
      throw new HttpError(401, accountMessages.loginExpired);
    }
    return challenge;
  }

  /** Whether this browser completed a sign-in as `username` before (a live device token). */
  async knownDevice(req: Request, username: string): Promise<string | null> {
    const { device } = readCookieParts(req);
    if (!device) return null;
    const record = await this.store.loginDevices.get(sha256(device));
    if (!record || record.username !== username || record.expiresAt <= this.clock.now().toISOString()) return null;
    return record.id;
  }

  private guard(options: { setupAllowed: boolean; touch?: boolean }): RequestHandler {
    return (req: Request, res: Response, next: NextFunction) => {
      const refuse = async (status: number, message: string, signedIn: SignedIn | null) => {
        await this.audit?.refused(req, signedIn?.user ?? null, status, message);
        return new HttpError(status, message);
      };
      const check = async () => {
        const signedIn = await this.current(req, options.touch);
        if (!signedIn) throw await refuse(401, 'Not signed in', null);
        if (signedIn.session.mfaSetupRequired && !options.setupAllowed) throw await refuse(403, accountMessages.mfaSetupRequired, signedIn);
        res.locals.signedIn = signedIn;
      };
      check().then(() => next(), next);
    };
  }

  /** Admin routes: 401 without a live session, 403 until a required second factor is set up. */
  requireAdmin: RequestHandler = this.guard({ setupAllowed: false });

  /** An admin route the admin pages hold open or poll on their own (the event stream): never counts as use. */
  requireAdminInBackground: RequestHandler = this.guard({ setupAllowed: false, touch: false });

  /** The Account page's routes: also for an admin who still has to set up a second factor. */
  requireSignedIn: RequestHandler = this.guard({ setupAllowed: true });
}

export function signedIn(res: Response): SignedIn {
  const value = res.locals.signedIn as SignedIn | undefined;
  if (!value) throw new HttpError(401, 'Not signed in');
  return value;
}
