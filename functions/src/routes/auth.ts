import { loginInputSchema, registerInputSchema, type User } from '@site/domain';
import { Router } from 'express';
import { decoyHash, hashPassword, verifyPassword } from '../auth/passwords';
import { HttpError } from '../http/errors';
import { body, parse } from '../http/validate';
import { newId } from '../ids';
import type { ClientAuth } from '../ports/client-auth';
import { ConflictError } from '../ports/store';
import type { RouteContext } from './context';

/**
 * Sign-in, sign-out and registration. With `clientAuth` (Firebase), signing in also answers
 * `firebaseToken`, a custom token for the browser's Firebase Auth, and signing out revokes it.
 */
export function authRoutes(ctx: RouteContext, clientAuth?: ClientAuth): Router {
  const router = Router();
  const { store, sessions } = ctx;
  const withClientToken = async (user: User) => (clientAuth ? { ...user, firebaseToken: await clientAuth.customToken(user) } : user);

  router.get('/user', async (req, res) => {
    const signedIn = await sessions.current(req);
    if (!signedIn) throw new HttpError(401, 'Not signed in');
    res.json(signedIn.user);
  });

  // Failed attempts count against the address and the username; a success clears the username's.
  router.post('/login', ctx.limits.loginPerIp, ctx.limits.loginPerAccount, async (req, res) => {
    const { username, password } = parse(loginInputSchema, body(req));
    const record = await store.users.findOne({ username });
    const ok = await verifyPassword(password, record?.password ?? decoyHash);
    if (!record || !ok) throw new HttpError(401, 'Invalid username or password');
    await ctx.limits.resetAccount(req);
    const user: User = { id: record.id, username: record.username };
    const answer = await withClientToken(user);
    await sessions.start(req, res, user);
    res.json(answer);
  });

  router.post('/logout', async (req, res) => {
    const signedIn = clientAuth ? await sessions.current(req) : null;
    await sessions.logout(req, res);
    if (clientAuth && signedIn) {
      await clientAuth.revoke(signedIn.user).catch((error) => ctx.log('revoking the client token failed', error));
    }
    res.status(204).end();
  });

  // One registration at a time, so two first-time sign-ups cannot both become the first admin.
  let registering: Promise<unknown> = Promise.resolve();
  router.post('/register', async (req, res) => {
    const input = parse(registerInputSchema, body(req));
    const run = registering.then(async () => {
      const signedIn = await sessions.current(req);
      const firstUser = (await store.users.count()) === 0;
      if (!signedIn && !firstUser) throw new HttpError(403, 'Only a signed-in admin can register new admins');
      const user: User = { id: newId(), username: input.username };
      try {
        await store.users.insert({
          ...user,
          password: await hashPassword(input.password),
          createdAt: ctx.clock.now().toISOString(),
        });
      } catch (error) {
        if (error instanceof ConflictError) {
          throw new HttpError(409, 'That username is taken', { username: 'That username is taken' });
        }
        throw error;
      }
      if (signedIn) return user;
      const answer = await withClientToken(user);
      await sessions.start(req, res, user);
      return answer;
    });
    registering = run.catch(() => undefined);
    res.status(201).json(await run);
  });

  return router;
}
