import {
  accountMessages,
  codeInputSchema,
  loginInputSchema,
  registerInputSchema,
  type MfaChallenge,
  type MfaMethod,
  type User,
} from '@site/domain';
import { Router, type Request, type RequestHandler, type Response } from 'express';
import { z } from 'zod';
import { decoyHash, hashPassword, verifyPassword } from '../auth/passwords';
import { passwordWeakness } from '../auth/password-strength';
import { passkeyLoginOptions, relyingParty, verifyPasskeyLogin } from '../auth/passkeys';
import { matchRecoveryCode, totpStep, upgradeBareRecoveryCodes } from '../auth/second-factor';
import { HttpError } from '../http/errors';
import { body, parse } from '../http/validate';
import { newId } from '../ids';
import type { ClientAuth } from '../ports/client-auth';
import { ConflictError } from '../ports/errors';
import type { UserRecord } from '../ports/store';
import type { RouteContext } from './context';

/** Wrong second-factor codes one sign-in may try before the password is asked again. */
const challengeAttempts = 5;

export const methodsOf = (user: UserRecord): MfaMethod[] => [
  ...(user.totpSecret ? (['totp'] as const) : []),
  ...(user.passkeys.length ? (['passkey'] as const) : []),
];

const passkeyLoginSchema = z.object({ response: z.looseObject({ id: z.string().max(1000) }, { error: 'Send the passkey response' }) });

/**
 * Sign-in (password, then the second factor when the admin has one), sign-out and
 * registration. With `clientAuth` (Firebase), a completed sign-in also answers
 * `firebaseToken`, a custom token for the browser's Firebase Auth, and signing out revokes it.
 * No session, and no custom token, exists before the second factor.
 */
export function authRoutes(
  ctx: Pick<RouteContext, 'audit' | 'clock' | 'limits' | 'log' | 'messageSettings' | 'requireMfa' | 'sessions' | 'store'>,
  clientAuth?: ClientAuth,
): Router {
  const router = Router();
  const { store, sessions, audit } = ctx;
  // The site's address and name as the settings give them now.
  const site = async () => {
    const { siteUrl, business } = await ctx.messageSettings();
    return relyingParty(siteUrl, business.brand);
  };
  const withClientToken = async (user: User) => (clientAuth ? { ...user, firebaseToken: await clientAuth.customToken(user) } : user);

  router.get('/user', async (req, res) => {
    const signedIn = await sessions.current(req);
    if (!signedIn) throw new HttpError(401, 'Not signed in');
    res.json(signedIn.user);
  });

  /** A completed sign-in: a session, the device cookie, the audit entry, the answer. */
  const complete = async (req: Request, res: Response, record: UserRecord, method: string) => {
    const mfaSetupRequired = ctx.requireMfa && methodsOf(record).length === 0;
    const user: User = { id: record.id, username: record.username };
    await ctx.limits.resetAccount(req, res);
    await sessions.start(req, res, user, { mfaSetupRequired });
    await audit.record(req, user, 'login.succeeded', { detail: mfaSetupRequired ? `${method}; second factor to set up` : method });
    // Until a required second factor exists the browser gets no Firebase credentials.
    res.json(mfaSetupRequired ? { ...user, mfaSetupRequired: true } : await withClientToken(user));
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

  // Failed attempts count against the address and the username (or, for a browser that
  // signed in as this admin before, against that browser: strangers hammering the username
  // from elsewhere do not lock its owner out). A completed sign-in clears them.
  router.post('/login', ...limited, async (req, res) => {
    const { username, password } = parse(loginInputSchema, body(req));
    const record = await store.users.findOne({ username });
    const ok = await verifyPassword(password, record?.password ?? decoyHash);
    if (!record || !ok) {
      await audit.failedSignIn(req, record && { id: record.id, username: record.username });
      throw new HttpError(401, 'Invalid username or password');
    }
    await upgradeRecoveryCodes(record);
    const methods = methodsOf(record);
    if (!methods.length) return complete(req, res, record, 'password');
    await sessions.beginChallenge(req, res, { id: record.id, username: record.username }, methods);
    const answer: MfaChallenge = { mfaRequired: true, methods };
    res.json(answer);
  });

  /**
   * Recovery codes an older version stored as bare SHA-256 digests are hashed with scrypt
   * when their admin's password is next right; each code keeps working, and still works once.
   */
  const upgradeRecoveryCodes = async (record: UserRecord) => {
    const upgraded = await upgradeBareRecoveryCodes(record.recoveryCodes);
    if (!upgraded) return;
    const before = JSON.stringify(record.recoveryCodes);
    // Only if the codes are still those read: one used or renewed meanwhile stays as it is.
    await store.users.transform(record.id, (u) => (JSON.stringify(u.recoveryCodes) === before ? { recoveryCodes: upgraded } : null));
  };

  /** A wrong second factor: counted, audited, and after a few the password is asked again. */
  const secondFactorFailed = async (req: Request, challengeId: string, user: UserRecord, method: string) => {
    await audit.record(req, user, 'login.second_factor_failed', { detail: method });
    const after = await store.loginChallenges.transform(challengeId, (c) => ({ attempts: c.attempts + 1 }));
    if (!after || after.attempts >= challengeAttempts) {
      await store.loginChallenges.delete(challengeId);
      throw new HttpError(401, accountMessages.loginExpired);
    }
    throw new HttpError(401, accountMessages.codeWrong, { code: accountMessages.codeWrong });
  };

  const challengedUser = async (req: Request) => {
    const challenge = await sessions.challenge(req);
    const user = await store.users.get(challenge.userId);
    if (!user) {
      await store.loginChallenges.delete(challenge.id);
      throw new HttpError(401, accountMessages.loginExpired);
    }
    return { challenge, user };
  };

  // The second step: a code from the authenticator app, or a recovery code (each works once).
  router.post('/login/totp', ...limited, async (req, res) => {
    const { challenge, user } = await challengedUser(req);
    const { code } = parse(codeInputSchema, body(req));
    const now = ctx.clock.now();
    if (/^\d{6}$/.test(code)) {
      const step = user.totpSecret ? totpStep(user.totpSecret, code, now) : null;
      // The step must be newer than the last accepted one: a code works once.
      let accepted = false;
      if (step !== null) {
        await store.users.transform(user.id, (u) => {
          accepted = u.totpLastStep === undefined || step > u.totpLastStep;
          return accepted ? { totpLastStep: step } : null;
        });
      }
      if (!accepted) return secondFactorFailed(req, challenge.id, user, 'authenticator code');
      return complete(req, res, user, 'password and authenticator code');
    }
    const hash = await matchRecoveryCode(code, user.recoveryCodes);
    let used = false;
    if (hash) {
      // Still there when it is taken out: two sign-ins racing with one code, only one gets in.
      await store.users.transform(user.id, (u) => {
        used = u.recoveryCodes.includes(hash);
        return used ? { recoveryCodes: u.recoveryCodes.filter((c) => c !== hash) } : null;
      });
    }
    if (!used) return secondFactorFailed(req, challenge.id, user, 'recovery code');
    const left = (await store.users.get(user.id))?.recoveryCodes.length ?? 0;
    await audit.record(req, user, 'recovery_code.used', { detail: `${left} left` });
    return complete(req, res, user, 'password and recovery code');
  });

  router.post('/login/passkey/options', ...limited, async (req, res) => {
    const { challenge, user } = await challengedUser(req);
    if (!user.passkeys.length) throw new HttpError(400, 'This account has no passkey');
    const options = await passkeyLoginOptions(await site(), user);
    await store.loginChallenges.update(challenge.id, { passkeyChallenge: options.challenge });
    res.json(options);
  });

  router.post('/login/passkey', ...limited, async (req, res) => {
    const { challenge, user } = await challengedUser(req);
    const { response } = parse(passkeyLoginSchema, body(req));
    if (!challenge.passkeyChallenge) throw new HttpError(400, 'Ask for the passkey options first');
    const verified = await verifyPasskeyLogin(await site(), user, response, challenge.passkeyChallenge);
    if (!verified) return secondFactorFailed(req, challenge.id, user, 'passkey');
    const at = ctx.clock.now().toISOString();
    await store.users.transform(user.id, (u) => ({
      passkeys: u.passkeys.map((p) => (p.id === verified.id ? { ...p, counter: verified.counter, lastUsedAt: at } : p)),
    }));
    return complete(req, res, user, 'password and passkey');
  });

  router.post('/logout', async (req, res) => {
    const signedIn = await sessions.logout(req, res);
    if (signedIn) await audit.record(req, signedIn.user, 'logout');
    if (clientAuth && signedIn) {
      await clientAuth.revoke(signedIn.user).catch((error) => ctx.log('revoking the client token failed', error));
    }
    res.status(204).end();
  });

  // One registration at a time, so two first-time sign-ups cannot both become the first admin.
  let registering: Promise<unknown> = Promise.resolve();
  router.post('/register', async (req, res) => {
    const input = parse(registerInputSchema, body(req));
    const weakness = await passwordWeakness(input.password, [input.username]);
    if (weakness) throw new HttpError(400, weakness, { password: weakness });
    const run = registering.then(async () => {
      const signedIn = await sessions.current(req);
      if (signedIn?.session.mfaSetupRequired) throw new HttpError(403, accountMessages.mfaSetupRequired);
      const firstUser = (await store.users.count()) === 0;
      if (!signedIn && !firstUser) throw new HttpError(403, 'Only a signed-in admin can register new admins');
      const user: User = { id: newId(), username: input.username };
      try {
        await store.users.insert({
          ...user,
          password: await hashPassword(input.password),
          createdAt: ctx.clock.now().toISOString(),
          recoveryCodes: [],
          passkeys: [],
        });
      } catch (error) {
        if (error instanceof ConflictError) {
          throw new HttpError(409, 'That username is taken', { username: 'That username is taken' });
        }
        throw error;
      }
      await audit.record(req, signedIn?.user ?? user, 'admin.created', { target: `user:${user.username}` });
      if (signedIn) return user;
      const mfaSetupRequired = ctx.requireMfa;
      await sessions.start(req, res, user, { mfaSetupRequired });
      return mfaSetupRequired ? { ...user, mfaSetupRequired } : await withClientToken(user);
    });
    registering = run.catch(() => undefined);
    res.status(201).json(await run);
  });

  return router;
}
