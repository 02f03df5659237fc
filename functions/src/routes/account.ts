import {
  accountMessages,
  codeInputSchema,
  passkeyNameSchema,
  passwordChangeSchema,
  type AccountSummary,
  type RecoveryCodes,
  type TotpEnrolment,
} from '@site/domain';
import { Router, type Response } from 'express';
import { z } from 'zod';
import { CurrentPassword } from '../auth/current-password';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { passwordWeakness } from '../auth/password-strength';
import { passkeyRegistrationOptions, relyingParty, toPasskey, verifyPasskeyRegistration } from '../auth/passkeys';
import { hashRecoveryCodes, newRecoveryCodes, newTotpSecret, otpauthUrl, totpStep } from '../auth/second-factor';
import { signedIn } from '../auth/sessions';
import { HttpError, notFound } from '../http/errors';
import { body, idParam, parse } from '../http/validate';
import type { ClientAuth } from '../ports/client-auth';
import type { UserRecord } from '../ports/store';
import { methodsOf } from './auth';
import type { RouteContext } from './context';

/** Passkeys one admin may register. */
const passkeysMax = 10;

const passkeyRegistrationSchema = z.object({
  name: passkeyNameSchema.optional(),
  response: z.looseObject({ id: z.string().max(1000) }, { error: 'Send the passkey response' }),
});

/**
 * The signed-in admin's own account: second factors, password and sessions. These routes
 * also serve an admin who must still set up a second factor (REQUIRE_MFA). Every change of a
 * factor or the password asks for the current password in the same request (a stolen cookie
 * alone changes nothing); ending a session does not, as it only takes access away.
 */
export function accountRoutes(
  ctx: Pick<RouteContext, 'audit' | 'clock' | 'limits' | 'messageSettings' | 'requireMfa' | 'sessions' | 'store'>,
  clientAuth?: ClientAuth,
): Router {
  const router = Router();
  const { store, sessions, audit } = ctx;
  const currentPassword = new CurrentPassword(ctx.limits.currentPassword, audit);
  // The site's address and name as the settings give them now.
  const site = async () => {
    const { siteUrl, business } = await ctx.messageSettings();
    return relyingParty(siteUrl, business.brand);
  };
  const brand = async () => (await ctx.messageSettings()).business.brand;
  router.use('/account', sessions.requireSignedIn);

  const me = async (res: Response): Promise<UserRecord> => {
    const user = await store.users.get(signedIn(res).user.id);
    if (!user) throw new HttpError(401, 'Not signed in');
    return user;
  };

  /** With REQUIRE_MFA an admin keeps at least one second factor. */
  const keepsAFactor = (after: UserRecord) => {
    if (ctx.requireMfa && methodsOf(after).length === 0) {
      throw new HttpError(409, 'Your business requires a second factor: add another one before removing this one');
    }
  };

  /**
   * The first factor of an admin who had to set one up: the session is now a full one, and
   * on Firebase the browser gets the credentials it had to wait for.
   */
  const factorAdded = async (res: Response) => {
    const { session, user } = signedIn(res);
    if (!session.mfaSetupRequired) return {};
    await store.sessions.update(session.id, { mfaSetupRequired: false });
    return clientAuth ? { firebaseToken: await clientAuth.customToken({ id: user.id, username: user.username }) } : {};
  };

  router.get('/account', async (_req, res) => {
    const user = await me(res);
    const summary: AccountSummary = {
      username: user.username,
      totp: !!user.totpSecret,
      recoveryCodesLeft: user.recoveryCodes.length,
      passkeys: user.passkeys.map(toPasskey),
      mfaRequired: ctx.requireMfa,
    };
    res.json(summary);
  });

  // ---------------------------------------------------------------- authenticator app

  // Starting only shows a new secret: the confirm request, which turns it on, carries the password.
  router.post('/account/totp', async (_req, res) => {
    const user = await me(res);
    if (user.totpSecret) throw new HttpError(409, 'The authenticator app is already on. Turn it off first to set it up again.');
    const secret = newTotpSecret();
    await store.users.update(user.id, { totpPending: secret });
    const answer: TotpEnrolment = { secret, otpauthUrl: otpauthUrl(secret, await brand(), user.username) };
    res.json(answer);
  });

  router.post('/account/totp/confirm', async (req, res) => {
    const user = await me(res);
    await currentPassword.confirm(req, user, body(req));
    const { code } = parse(codeInputSchema, body(req));
    if (user.totpSecret) throw new HttpError(409, 'The authenticator app is already on');
    if (!user.totpPending) throw new HttpError(409, 'Start setting up the authenticator app first');
    const step = totpStep(user.totpPending, code, ctx.clock.now());
    if (step === null) throw new HttpError(400, accountMessages.codeWrong, { code: accountMessages.codeWrong });
    const recoveryCodes = newRecoveryCodes();
    await store.users.update(user.id, {
      totpSecret: user.totpPending,
      totpPending: undefined,
      totpLastStep: step,
      recoveryCodes: await hashRecoveryCodes(recoveryCodes),
    });
    await audit.record(req, signedIn(res).user, 'totp.enabled');
    const answer: RecoveryCodes & { firebaseToken?: string } = { recoveryCodes, ...(await factorAdded(res)) };
    res.json(answer);
  });

  router.delete('/account/totp', async (req, res) => {
    const user = await me(res);
    await currentPassword.confirm(req, user, body(req));
    if (!user.totpSecret) throw new HttpError(409, 'The authenticator app is not on');
    keepsAFactor({ ...user, totpSecret: undefined });
    await store.users.update(user.id, {
      totpSecret: undefined,
      totpPending: undefined,
      totpLastStep: undefined,
      recoveryCodes: user.passkeys.length ? user.recoveryCodes : [],
    });
    await audit.record(req, signedIn(res).user, 'totp.disabled');
    res.status(204).end();
  });

  router.post('/account/recovery-codes', async (req, res) => {
    const user = await me(res);
    await currentPassword.confirm(req, user, body(req));
    if (!methodsOf(user).length) throw new HttpError(409, 'Set up an authenticator app or a passkey first');
    const recoveryCodes = newRecoveryCodes();
    await store.users.update(user.id, { recoveryCodes: await hashRecoveryCodes(recoveryCodes) });
    await audit.record(req, signedIn(res).user, 'recovery_codes.renewed');
    const answer: RecoveryCodes = { recoveryCodes };
    res.json(answer);
  });

  // ---------------------------------------------------------------- passkeys

  // The password is asked with the options too, so that a wrong one is told before the
  // browser's passkey prompt, and again with the registration, which adds the passkey.
  router.post('/account/passkeys/options', async (req, res) => {
    const user = await me(res);
    await currentPassword.confirm(req, user, body(req));
    if (user.passkeys.length >= passkeysMax) throw new HttpError(409, `An account can have at most ${passkeysMax} passkeys`);
    const origin = req.get('origin');
    const relying = await site();
    if (origin !== undefined && origin !== relying.origin) {
      throw new HttpError(
        409,
        `Passkeys can be added only at ${relying.origin}, the site's address in the settings: open the admin there, or change the address.`,
      );
    }
    const options = await passkeyRegistrationOptions(relying, user);
    await store.sessions.update(signedIn(res).session.id, { passkeyChallenge: options.challenge });
    res.json(options);
  });

  router.post('/account/passkeys', async (req, res) => {
    await currentPassword.confirm(req, await me(res), body(req));
    const { name, response } = parse(passkeyRegistrationSchema, body(req));
    const { session } = signedIn(res);
    if (!session.passkeyChallenge) throw new HttpError(400, 'Ask for the passkey options first');
    // A challenge answers once.
    await store.sessions.update(session.id, { passkeyChallenge: undefined });
    const credential = await verifyPasskeyRegistration(await site(), response, session.passkeyChallenge);
    if (!credential) throw new HttpError(400, 'The passkey could not be verified. Try adding it again.');
    const passkey = { ...credential, name: name ?? 'Passkey', createdAt: ctx.clock.now().toISOString(), lastUsedAt: null };
    let refused = '';
    // A passkey as the first factor comes with recovery codes, as the authenticator app does.
    const firstFactor = methodsOf(await me(res)).length === 0;
    const recoveryCodes = firstFactor ? newRecoveryCodes() : [];
    const recoveryHashes = firstFactor ? await hashRecoveryCodes(recoveryCodes) : [];
    await store.users.transform(session.userId, (u) => {
      refused = u.passkeys.some((p) => p.id === passkey.id)
        ? 'This passkey is already added'
        : u.passkeys.length >= passkeysMax
          ? `An account can have at most ${passkeysMax} passkeys`
          : '';
      if (refused) return null;
      return { passkeys: [...u.passkeys, passkey], ...(firstFactor ? { recoveryCodes: recoveryHashes } : {}) };
    });
    if (refused) throw new HttpError(409, refused);
    await audit.record(req, signedIn(res).user, 'passkey.added', { target: `passkey:${passkey.name}` });
    res.status(201).json({ ...toPasskey(passkey), ...(firstFactor ? { recoveryCodes } : {}), ...(await factorAdded(res)) });
  });

  router.delete('/account/passkeys/:id', async (req, res) => {
    const user = await me(res);
    await currentPassword.confirm(req, user, body(req));
    const id = req.params.id;
    const passkey = user.passkeys.find((p) => p.id === id);
    if (!passkey) throw notFound('Passkey not found');
    const passkeys = user.passkeys.filter((p) => p.id !== id);
    keepsAFactor({ ...user, passkeys });
    await store.users.update(user.id, { passkeys, ...(user.totpSecret || passkeys.length ? {} : { recoveryCodes: [] }) });
    await audit.record(req, signedIn(res).user, 'passkey.removed', { target: `passkey:${passkey.name}` });
    res.status(204).end();
  });

  // ---------------------------------------------------------------- password and sessions

  router.post('/account/password', async (req, res) => {
    const user = await me(res);
    await currentPassword.confirm(req, user, body(req));
    const { newPassword } = parse(passwordChangeSchema, body(req));
    const weakness = await passwordWeakness(newPassword, [user.username, await brand()]);
    if (weakness) throw new HttpError(400, weakness, { newPassword: weakness });
    if (await verifyPassword(newPassword, user.password)) {
      const same = 'The new password must differ from the current one';
      throw new HttpError(400, same, { newPassword: same });
    }
    await store.users.update(user.id, { password: await hashPassword(newPassword) });
    const { session } = signedIn(res);
    const ended = await sessions.endAllFor(user.id, session.id);
    // Someone who knew the old password may be half-way through signing in: that ends too.
    const pending = await sessions.endPendingSignIns(user.id);
    const details = [`${ended} other session${ended === 1 ? '' : 's'} ended`];
    if (pending) details.push(`${pending} sign-in${pending === 1 ? '' : 's'} awaiting a second factor ended`);
    await audit.record(req, signedIn(res).user, 'password.changed', { detail: details.join('; ') });
    res.status(204).end();
  });

  router.get('/account/sessions', async (_req, res) => {
    const { session, user } = signedIn(res);
    res.json(await sessions.list(user.id, session.id));
  });

  router.delete('/account/sessions/:id', async (req, res) => {
    const { user } = signedIn(res);
    const id = idParam(req);
    const target = await store.sessions.get(id);
    if (!target || target.userId !== user.id) throw notFound('Session not found');
    await sessions.end(id);
    await audit.record(req, user, 'session.ended', { target: `session:${id.slice(0, 8)}`, detail: target.userAgent.slice(0, 120) });
    res.status(204).end();
  });

  return router;
}
