import { codeInputSchema, passkeyNameSchema, passwordChangeSchema } from '@site/domain';
import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { signedIn } from '../auth/sessions';
import { body, idParam, parse } from '../http/validate';
import type { Asking } from '../services/account';
import type { RouteContext } from './context';

const passkeyRegistrationSchema = z.object({
  name: passkeyNameSchema.optional(),
  response: z.looseObject({ id: z.string().max(1000) }, { error: 'Send the passkey response' }),
});

const asking = (req: Request, res: Response): Asking => ({ ...signedIn(res), from: req });

/**
 * The signed-in admin's own account: second factors, password and sessions
 * (services/account.ts). These routes also serve an admin who must still set up a second
 * factor (REQUIRE_MFA). Every change of a factor or the password confirms the current password
 * sent with it before anything else is read.
 */
export function accountRoutes(ctx: Pick<RouteContext, 'account' | 'sessions'>): Router {
  const router = Router();
  const { account, sessions } = ctx;
  router.use('/account', sessions.requireSignedIn);

  /** The admin asking, once the current password they sent is confirmed. */
  const confirmed = async (req: Request, res: Response) => {
    const who = asking(req, res);
    return { who, user: await account.confirmCurrentPassword(who, body(req)) };
  };

  router.get('/account', async (_req, res) => {
    res.json(await account.summary(signedIn(res)));
  });

  // ---------------------------------------------------------------- authenticator app

  router.post('/account/totp', async (_req, res) => {
    res.json(await account.startTotp(signedIn(res)));
  });

  router.post('/account/totp/confirm', async (req, res) => {
    const { who, user } = await confirmed(req, res);
    const { code } = parse(codeInputSchema, body(req));
    res.json(await account.confirmTotp(who, user, code));
  });

  router.delete('/account/totp', async (req, res) => {
    const { who, user } = await confirmed(req, res);
    await account.turnOffTotp(who, user);
    res.status(204).end();
  });

  router.post('/account/recovery-codes', async (req, res) => {
    const { who, user } = await confirmed(req, res);
    res.json(await account.renewRecoveryCodes(who, user));
  });

  // ---------------------------------------------------------------- passkeys

  // The password is asked with the options too, so that a wrong one is told before the
  // browser's passkey prompt, and again with the registration, which adds the passkey.
  router.post('/account/passkeys/options', async (req, res) => {
    const { who, user } = await confirmed(req, res);
    res.json(await account.passkeyOptions(who, user, req.get('origin')));
  });

  router.post('/account/passkeys', async (req, res) => {
    const { who } = await confirmed(req, res);
    const sent = parse(passkeyRegistrationSchema, body(req));
    res.status(201).json(await account.addPasskey(who, sent));
  });

  router.delete('/account/passkeys/:id', async (req, res) => {
    const { who, user } = await confirmed(req, res);
    await account.removePasskey(who, user, req.params.id);
    res.status(204).end();
  });

  // ---------------------------------------------------------------- password and sessions

  router.post('/account/password', async (req, res) => {
    const { who, user } = await confirmed(req, res);
    const { newPassword } = parse(passwordChangeSchema, body(req));
    await account.changePassword(who, user, newPassword);
    res.status(204).end();
  });

  router.get('/account/sessions', async (_req, res) => {
    const { session, user } = signedIn(res);
    res.json(await sessions.list(user.id, session.id));
  });

  router.delete('/account/sessions/:id', async (req, res) => {
    const id = idParam(req);
    await account.endSession(asking(req, res), id);
    res.status(204).end();
  });

  return router;
}
