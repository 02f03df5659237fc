import type { User } from '@site/domain';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { EventEmitter } from 'node:events';
import { HttpError } from '../http/errors';
import { clearSessionCookie, readCookie, sessionCookie, setSessionCookie } from '../http/cookies';
import { newToken, sha256 } from '../ids';
import type { Clock } from '../ports/clock';
import type { SessionRecord, Store } from '../ports/store';

export interface SignedIn {
  session: SessionRecord;
  user: User;
}

/** Server-side sessions behind the __session cookie; the store keeps only token hashes. */
export class Sessions {
  /** Emits 'ended' with the session id, so open event streams can close. */
  readonly events = new EventEmitter();

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly ttlSeconds: number,
  ) {
    this.events.setMaxListeners(0);
  }

  async start(req: Request, res: Response, user: User): Promise<void> {
    const token = newToken();
    const now = this.clock.now();
    await this.store.sessions.insert({
      id: sha256(token),
      userId: user.id,
      username: user.username,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + this.ttlSeconds * 1000).toISOString(),
    });
    setSessionCookie(req, res, token, this.ttlSeconds);
  }

  async current(req: Request): Promise<SignedIn | null> {
    const token = readCookie(req, sessionCookie);
    if (!token || token.length > 100) return null;
    const session = await this.store.sessions.get(sha256(token));
    if (!session) return null;
    if (session.expiresAt <= this.clock.now().toISOString()) {
      await this.end(session.id);
      return null;
    }
    return { session, user: { id: session.userId, username: session.username } };
  }

  async isLive(sessionId: string): Promise<boolean> {
    const session = await this.store.sessions.get(sessionId);
    return !!session && session.expiresAt > this.clock.now().toISOString();
  }

  async end(sessionId: string): Promise<void> {
    await this.store.sessions.delete(sessionId);
    this.events.emit('ended', sessionId);
  }

  async logout(req: Request, res: Response): Promise<void> {
    const signedIn = await this.current(req);
    if (signedIn) await this.end(signedIn.session.id);
    clearSessionCookie(req, res);
  }

  /** Ends every session of a user, e.g. when the account is deleted; returns how many. */
  async endAllFor(userId: string): Promise<number> {
    let ended = 0;
    for (;;) {
      const page = await this.store.sessions.find({ where: { userId }, orderBy: 'expiresAt', direction: 'asc', limit: 200 });
      if (!page.items.length) return ended;
      await this.store.sessions.deleteMany(page.items.map((s) => s.id));
      for (const s of page.items) this.events.emit('ended', s.id);
      ended += page.items.length;
    }
  }

  /** Admin routes: 401 without a live session; the session is kept in res.locals.signedIn. */
  requireAdmin: RequestHandler = (req: Request, res: Response, next: NextFunction) => {
    this.current(req).then((signedIn) => {
      if (!signedIn) return next(new HttpError(401, 'Not signed in'));
      res.locals.signedIn = signedIn;
      next();
    }, next);
  };
}

export function signedIn(res: Response): SignedIn {
  const value = res.locals.signedIn as SignedIn | undefined;
  if (!value) throw new HttpError(401, 'Not signed in');
  return value;
}
