import { accountMessages, type MfaMethod, type User } from '@site/domain';
import type { Request } from 'express';
import { decoyHash, hashPassword, verifyPassword } from '../auth/passwords';
import { passwordWeakness } from '../auth/password-strength';
import { passkeyLoginOptions, relyingParty, verifyPasskeyLogin } from '../auth/passkeys';
import { matchRecoveryCode, methodsOf, totpStep, upgradeBareRecoveryCodes } from '../auth/second-factor';
import type { SignedIn } from '../auth/sessions';
import { newId } from '../ids';
import type { ClientAuth } from '../ports/client-auth';
import type { Clock } from '../ports/clock';
import { ConflictError, ForbiddenError, InvalidError, NotSignedInError } from '../ports/errors';
import type { LoginChallengeRecord, Store, UserRecord } from '../ports/store';
import type { AuditTrail } from './audit';
import type { MessageSettings } from './lead-messages';

/** Wrong second-factor codes one sign-in may try before the password is asked again. */
const challengeAttempts = 5;

/** A sign-in waiting for its second factor, and whose it is. */
export interface Challenged {
  challenge: LoginChallengeRecord;
  user: UserRecord;
}

/**
 * Sign-in (the password, then the second factor when the admin has one) and registration: who
 * may come in. The session and its cookie are the routes' (auth/sessions.ts); with `clientAuth`
 * (Firebase) a completed sign-in also gets a custom token for the browser's Firebase Auth.
 */
export class SignInService {
  constructor(
    private readonly deps: {
      store: Store;
      audit: AuditTrail;
      clock: Clock;
      requireMfa: boolean;
      messageSettings: () => Promise<MessageSettings>;
      clientAuth?: ClientAuth;
    },
  ) {}

  // The site's address and name as the settings give them now.
  private async site() {
    const { siteUrl, business } = await this.deps.messageSettings();
    return relyingParty(siteUrl, business.brand);
  }

  /** The user with the browser's Firebase credentials, where there are any. */
  withClientToken = async (user: User): Promise<User & { firebaseToken?: string }> =>
    this.deps.clientAuth ? { ...user, firebaseToken: await this.deps.clientAuth.customToken(user) } : user;

  /** Whether the admin signing in must still set up a second factor (REQUIRE_MFA with none). */
  mfaSetupRequired(record: UserRecord): boolean {
    return this.deps.requireMfa && methodsOf(record).length === 0;
  }

  /** A completed sign-in's audit entry and answer; the session was started by the caller. */
  async completed(req: Request, user: User, mfaSetupRequired: boolean, method: string) {
    await this.deps.audit.record(req, user, 'login.succeeded', {
      detail: mfaSetupRequired ? `${method}; second factor to set up` : method,
    });
    // Until a required second factor exists the browser gets no Firebase credentials.
    return mfaSetupRequired ? { ...user, mfaSetupRequired: true } : await this.withClientToken(user);
  }

  /** The admin whose password this is, and the second factors they must now give (none: signed in). */
  async password(req: Request, username: string, password: string): Promise<{ record: UserRecord; methods: MfaMethod[] }> {
    const record = await this.deps.store.users.findOne({ username });
    const ok = await verifyPassword(password, record?.password ?? decoyHash);
    if (!record || !ok) {
      await this.deps.audit.failedSignIn(req, record && { id: record.id, username: record.username });
      throw new NotSignedInError('Invalid username or password');
    }
    await this.upgradeRecoveryCodes(record);
    return { record, methods: methodsOf(record) };
  }

  /**
   * Recovery codes an older version stored as bare SHA-256 digests are hashed with scrypt
   * when their admin's password is next right; each code keeps working, and still works once.
   */
  private async upgradeRecoveryCodes(record: UserRecord) {
    const upgraded = await upgradeBareRecoveryCodes(record.recoveryCodes);
    if (!upgraded) return;
    const before = JSON.stringify(record.recoveryCodes);
    // Only if the codes are still those read: one used or renewed meanwhile stays as it is.
    await this.deps.store.users.transform(record.id, (u) =>
      JSON.stringify(u.recoveryCodes) === before ? { recoveryCodes: upgraded } : null,
    );
  }

  /** The admin of a pending sign-in; an admin deleted meanwhile ends it. */
  async challengedUser(challenge: LoginChallengeRecord): Promise<Challenged> {
    const { store } = this.deps;
    const user = await store.users.get(challenge.userId);
    if (!user) {
      await store.loginChallenges.delete(challenge.id);
      throw new NotSignedInError(accountMessages.loginExpired);
    }
    return { challenge, user };
  }

  /** A wrong second factor: counted, audited, and after a few the password is asked again. */
  private async secondFactorFailed(req: Request, { challenge, user }: Challenged, method: string): Promise<never> {
    const { store } = this.deps;
    await this.deps.audit.record(req, user, 'login.second_factor_failed', { detail: method });
    const after = await store.loginChallenges.transform(challenge.id, (c) => ({ attempts: c.attempts + 1 }));
    if (!after || after.attempts >= challengeAttempts) {
      await store.loginChallenges.delete(challenge.id);
      throw new NotSignedInError(accountMessages.loginExpired);
    }
    throw new NotSignedInError(accountMessages.codeWrong, { code: accountMessages.codeWrong });
  }

  /**
   * The second step: a code from the authenticator app, or a recovery code (each works once).
   * Answers how the admin signed in.
   */
  async code(req: Request, challenged: Challenged, code: string): Promise<string> {
    const { store } = this.deps;
    const { user } = challenged;
    if (/^\d{6}$/.test(code)) {
      const step = user.totpSecret ? totpStep(user.totpSecret, code, this.deps.clock.now()) : null;
      // The step must be newer than the last accepted one: a code works once.
      let accepted = false;
      if (step !== null) {
        await store.users.transform(user.id, (u) => {
          accepted = u.totpLastStep === undefined || step > u.totpLastStep;
          return accepted ? { totpLastStep: step } : null;
        });
      }
      if (!accepted) return this.secondFactorFailed(req, challenged, 'authenticator code');
      return 'password and authenticator code';
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
    if (!used) return this.secondFactorFailed(req, challenged, 'recovery code');
    const left = (await store.users.get(user.id))?.recoveryCodes.length ?? 0;
    await this.deps.audit.record(req, user, 'recovery_code.used', { detail: `${left} left` });
    return 'password and recovery code';
  }

  async passkeyOptions({ challenge, user }: Challenged) {
    if (!user.passkeys.length) throw new InvalidError('This account has no passkey');
    const options = await passkeyLoginOptions(await this.site(), user);
    await this.deps.store.loginChallenges.update(challenge.id, { passkeyChallenge: options.challenge });
    return options;
  }

  /** A passkey as the second factor; answers how the admin signed in. */
  async passkey(req: Request, challenged: Challenged, response: { id: string }): Promise<string> {
    const { challenge, user } = challenged;
    if (!challenge.passkeyChallenge) throw new InvalidError('Ask for the passkey options first');
    const verified = await verifyPasskeyLogin(await this.site(), user, response, challenge.passkeyChallenge);
    if (!verified) return this.secondFactorFailed(req, challenged, 'passkey');
    const at = this.deps.clock.now().toISOString();
    await this.deps.store.users.transform(user.id, (u) => ({
      passkeys: u.passkeys.map((p) => (p.id === verified.id ? { ...p, counter: verified.counter, lastUsedAt: at } : p)),
    }));
    return 'password and passkey';
  }

  // One registration at a time, so two first-time sign-ups cannot both become the first admin.
  private registering: Promise<unknown> = Promise.resolve();

  /**
   * A new admin: by a signed-in admin, or the first of all by anyone. `signedIn` is who asks
   * (read with the registration's turn, after the one before it).
   */
  async register(
    req: Request,
    input: { username: string; password: string },
    signedIn: () => Promise<SignedIn | null>,
  ): Promise<{ user: User; by: SignedIn | null }> {
    const weakness = await passwordWeakness(input.password, [input.username]);
    if (weakness) throw new InvalidError(weakness, { password: weakness });
    const { store } = this.deps;
    const run = this.registering.then(async () => {
      const by = await signedIn();
      if (by?.session.mfaSetupRequired) throw new ForbiddenError(accountMessages.mfaSetupRequired);
      const firstUser = (await store.users.count()) === 0;
      if (!by && !firstUser) throw new ForbiddenError('Only a signed-in admin can register new admins');
      const user: User = { id: newId(), username: input.username };
      try {
        await store.users.insert({
          ...user,
          password: await hashPassword(input.password),
          createdAt: this.deps.clock.now().toISOString(),
          recoveryCodes: [],
          passkeys: [],
        });
      } catch (error) {
        if (error instanceof ConflictError) throw new ConflictError('That username is taken', { username: 'That username is taken' });
        throw error;
      }
      await this.deps.audit.record(req, by?.user ?? user, 'admin.created', { target: `user:${user.username}` });
      return { user, by };
    });
    this.registering = run.catch(() => undefined);
    return run;
  }
}
