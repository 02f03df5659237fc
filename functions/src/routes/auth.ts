import { codeInputSchema, loginInputSchema, registerInputSchema, type MfaChallenge, type User } from '@site/domain';
import { Router, type Request, type RequestHandler, type Response } from 'express';
import { z } from 'zod';
import { body, parse } from '../http/validate';
import type { ClientAuth } from '../ports/client-auth';
import { NotSignedInError } from '../ports/errors';
import type { UserRecord } from '../ports/store';
import type { RouteContext } from './context';

const passkeyLoginSchema = z.object({ response: z.looseObject({ id: z.string().max(1000) }, { error: 'Send the passkey response' }) });

/**
 * Sign-in (password, then the second factor when the admin has one), sign-out and
 * registration (services/sign-in.ts). With `clientAuth` (Firebase), a completed sign-in also
 * answers `firebaseToken`, a custom token for the browser's Firebase Auth, and signing out
 * revokes it. No session, and no custom token, exists before the second factor.
 */
export function authRoutes(
  ctx: Pick<RouteContext, 'audit' | 'limits' | 'log' | 'requireMfa' | 'sessions' | 'signIn'>,
  clientAuth?: ClientAuth,
): Router {
  const router = Router();
  const { sessions, signIn } = ctx;

  router.get('/user', async (req, res) => {
    const signedIn = await sessions.current(req);
    if (!signedIn) throw new NotSignedInError('Not signed in');
    res.json(signedIn.user);
  });

  /** A completed sign-in: a session, the device cookie, the audit entry, the answer. */
  const complete = async (req: Request, res: Response, record: UserRecord, method: string) => {
    const mfaSetupRequired = signIn.mfaSetupRequired(record);
    const user: User = { id: record.id, username: record.username };
    await ctx.limits.resetAccount(req, res);
    await sessions.start(req, res, user, { mfaSetupRequired });
    res.json(await signIn.completed(req, user, mfaSetupRequired, method));
  };

  // Who a sign-in attempt is for, before the limits count it: the username typed, or the
  // pending sign-in's; and whether this browser signed in as that admin before.
  const identify: RequestHandler = (req, res, next) => {
    const run = async () => {
      const typed = (req.body as { username?: unknown } | undefined)?.username;
      const username =
        req.path === '/login'
          ? typeof typed === 'string'
            ? typed.trim()
            : ''
          : ((await sessions.challenge(req).catch(() => null))?.username ?? '');
      res.locals.loginName = username.toLowerCase();
      res.locals.knownDevice = username ? await sessions.knownDevice(req, username) : null;
    };
    run().then(() => next(), next);
  };
  const limited = [identify, ctx.limits.loginPerIp, ctx.limits.loginPerAccount];

  const challenged = async (req: Request) => signIn.challengedUser(await sessions.challenge(req));

  // Failed attempts count against the address and the username (or, for a browser that
  // signed in as this admin before, against that browser: strangers hammering the username
  // from elsewhere do not lock its owner out). A completed sign-in clears them.
  router.post('/login', ...limited, async (req, res) => {
    const { username, password } = parse(loginInputSchema, body(req));
    const { record, methods } = await signIn.password(req, username, password);
    if (!methods.length) return complete(req, res, record, 'password');
    await sessions.beginChallenge(req, res, { id: record.id, username: record.username }, methods);
    const answer: MfaChallenge = { mfaRequired: true, methods };
    res.json(answer);
  });

  // The second step: a code from the authenticator app, or a recovery code (each works once).
  router.post('/login/totp', ...limited, async (req, res) => {
    const pending = await challenged(req);
    const { code } = parse(codeInputSchema, body(req));
    const method = await signIn.code(req, pending, code);
    return complete(req, res, pending.user, method);
  });

  router.post('/login/passkey/options', ...limited, async (req, res) => {
    res.json(await signIn.passkeyOptions(await challenged(req)));
  });

  router.post('/login/passkey', ...limited, async (req, res) => {
    const pending = await challenged(req);
    const { response } = parse(passkeyLoginSchema, body(req));
    const method = await signIn.passkey(req, pending, response);
    return complete(req, res, pending.user, method);
  });

  router.post('/logout', async (req, res) => {
    const signedIn = await sessions.logout(req, res);
    if (signedIn) await ctx.audit.record(req, signedIn.user, 'logout');
    if (clientAuth && signedIn) {
      await clientAuth.revoke(signedIn.user).catch((error) => ctx.log('revoking the client token failed', error));
    }
    res.status(204).end();
  });

  router.post('/register', async (req, res) => {
    const input = parse(registerInputSchema, body(req));
    const { user, by } = await signIn.register(req, input, () => sessions.current(req));
    if (by) {
      res.status(201).json(user);
      return;
    }
    const mfaSetupRequired = ctx.requireMfa;
    await sessions.start(req, res, user, { mfaSetupRequired });
    res.status(201).json(mfaSetupRequired ? { ...user, mfaSetupRequired } : await signIn.withClientToken(user));
  });

  return router;
}
