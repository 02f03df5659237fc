import { accountMessages, type AccountSummary, type Passkey, type RecoveryCodes, type TotpEnrolment } from '@site/domain';
import type { Request } from 'express';
import type { CurrentPassword } from '../auth/current-password';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { passwordWeakness } from '../auth/password-strength';
import { passkeyRegistrationOptions, relyingParty, toPasskey, verifyPasskeyRegistration } from '../auth/passkeys';
import { hashRecoveryCodes, methodsOf, newRecoveryCodes, newTotpSecret, otpauthUrl, totpStep } from '../auth/second-factor';
import type { Sessions, SignedIn } from '../auth/sessions';
import type { ClientAuth } from '../ports/client-auth';
import type { Clock } from '../ports/clock';
import { ConflictError, InvalidError, NotFoundError, NotSignedInError } from '../ports/errors';
import type { Store, UserRecord } from '../ports/store';
import type { AuditTrail } from './audit';
import type { MessageSettings } from './lead-messages';

/** Passkeys one admin may register. */
const passkeysMax = 10;

/** The signed-in admin asking, and the request they asked with (for the audit trail and the current password's limits). */
export type Asking = SignedIn & { from: Request };

type PasskeyResponse = Parameters<typeof verifyPasskeyRegistration>[1];

/**
 * The signed-in admin's own account: second factors, password and sessions, also for an admin
 * who must still set up a second factor (REQUIRE_MFA). Every change of a factor or the password
 * asks for the current password first (`confirmCurrentPassword`: a stolen cookie alone changes
 * nothing); ending a session does not, as it only takes access away.
 */
export class AccountService {
  constructor(
    private readonly deps: {
      store: Store;
      sessions: Sessions;
      audit: AuditTrail;
      clock: Clock;
      currentPassword: CurrentPassword;
      requireMfa: boolean;
      messageSettings: () => Promise<MessageSettings>;
      /** Firebase: the browser's credentials once a required second factor exists. */
      clientAuth?: ClientAuth;
    },
  ) {}

  // The site's address and name as the settings give them now.
  private async site() {
    const { siteUrl, business } = await this.deps.messageSettings();
    return relyingParty(siteUrl, business.brand);
  }

  private async brand() {
    return (await this.deps.messageSettings()).business.brand;
  }

  private record(asking: Asking, action: Parameters<AuditTrail['record']>[2], details?: Parameters<AuditTrail['record']>[3]) {
    return this.deps.audit.record(asking.from, asking.user, action, details);
  }

  /** The admin's stored record. */
  async me(asking: Pick<SignedIn, 'user'>): Promise<UserRecord> {
    const user = await this.deps.store.users.get(asking.user.id);
    if (!user) throw new NotSignedInError('Not signed in');
    return user;
  }

  /** The admin's record, once `sent.currentPassword` is theirs (403 when missing or wrong, 429 after too many). */
  async confirmCurrentPassword(asking: Pick<Asking, 'user' | 'from'>, sent: unknown): Promise<UserRecord> {
    const user = await this.me(asking);
    await this.deps.currentPassword.confirm(asking.from, user, sent);
    return user;
  }

  /** With REQUIRE_MFA an admin keeps at least one second factor. */
  private keepsAFactor(after: UserRecord) {
    if (this.deps.requireMfa && methodsOf(after).length === 0) {
      throw new ConflictError('Your business requires a second factor: add another one before removing this one');
    }
  }

  /**
   * The first factor of an admin who had to set one up: the session is now a full one, and
   * on Firebase the browser gets the credentials it had to wait for.
   */
  private async factorAdded({ session, user }: SignedIn): Promise<{ firebaseToken?: string }> {
    if (!session.mfaSetupRequired) return {};
    await this.deps.store.sessions.update(session.id, { mfaSetupRequired: false });
    const { clientAuth } = this.deps;
    return clientAuth ? { firebaseToken: await clientAuth.customToken({ id: user.id, username: user.username }) } : {};
  }

  async summary(asking: SignedIn): Promise<AccountSummary> {
    const user = await this.me(asking);
    return {
      username: user.username,
      totp: !!user.totpSecret,
      recoveryCodesLeft: user.recoveryCodes.length,
      passkeys: user.passkeys.map(toPasskey),
      mfaRequired: this.deps.requireMfa,
    };
  }

  // ---------------------------------------------------------------- authenticator app

  /** Starting only shows a new secret: confirming, which turns it on, asks for the password. */
  async startTotp(asking: SignedIn): Promise<TotpEnrolment> {
    const user = await this.me(asking);
    if (user.totpSecret) throw new ConflictError('The authenticator app is already on. Turn it off first to set it up again.');
    const secret = newTotpSecret();
    await this.deps.store.users.update(user.id, { totpPending: secret });
    return { secret, otpauthUrl: otpauthUrl(secret, await this.brand(), user.username) };
  }

  async confirmTotp(asking: Asking, user: UserRecord, code: string): Promise<RecoveryCodes & { firebaseToken?: string }> {
    if (user.totpSecret) throw new ConflictError('The authenticator app is already on');
    if (!user.totpPending) throw new ConflictError('Start setting up the authenticator app first');
    const step = totpStep(user.totpPending, code, this.deps.clock.now());
    if (step === null) throw new InvalidError(accountMessages.codeWrong, { code: accountMessages.codeWrong });
    const recoveryCodes = newRecoveryCodes();
    await this.deps.store.users.update(user.id, {
      totpSecret: user.totpPending,
      totpPending: undefined,
      totpLastStep: step,
      recoveryCodes: await hashRecoveryCodes(recoveryCodes),
    });
    await this.record(asking, 'totp.enabled');
    return { recoveryCodes, ...(await this.factorAdded(asking)) };
  }

  async turnOffTotp(asking: Asking, user: UserRecord): Promise<void> {
    if (!user.totpSecret) throw new ConflictError('The authenticator app is not on');
    this.keepsAFactor({ ...user, totpSecret: undefined });
    await this.deps.store.users.update(user.id, {
      totpSecret: undefined,
      totpPending: undefined,
      totpLastStep: undefined,
      recoveryCodes: user.passkeys.length ? user.recoveryCodes : [],
    });
    await this.record(asking, 'totp.disabled');
  }

  async renewRecoveryCodes(asking: Asking, user: UserRecord): Promise<RecoveryCodes> {
    if (!methodsOf(user).length) throw new ConflictError('Set up an authenticator app or a passkey first');
    const recoveryCodes = newRecoveryCodes();
    await this.deps.store.users.update(user.id, { recoveryCodes: await hashRecoveryCodes(recoveryCodes) });
    await this.record(asking, 'recovery_codes.renewed');
    return { recoveryCodes };
  }

  // ---------------------------------------------------------------- passkeys

  /** The browser's passkey prompt's options; `origin` is the page's, which must be the site's address. */
  async passkeyOptions(asking: Asking, user: UserRecord, origin: string | undefined) {
    if (user.passkeys.length >= passkeysMax) throw new ConflictError(`An account can have at most ${passkeysMax} passkeys`);
    const relying = await this.site();
    if (origin !== undefined && origin !== relying.origin) {
      throw new ConflictError(
        `Passkeys can be added only at ${relying.origin}, the site's address in the settings: open the admin there, or change the address.`,
      );
    }
    const options = await passkeyRegistrationOptions(relying, user);
    await this.deps.store.sessions.update(asking.session.id, { passkeyChallenge: options.challenge });
    return options;
  }

  async addPasskey(
    asking: Asking,
    sent: { name?: string; response: PasskeyResponse },
  ): Promise<Passkey & { recoveryCodes?: string[]; firebaseToken?: string }> {
    const { store } = this.deps;
    const { session } = asking;
    if (!session.passkeyChallenge) throw new InvalidError('Ask for the passkey options first');
    // A challenge answers once.
    await store.sessions.update(session.id, { passkeyChallenge: undefined });
    const credential = await verifyPasskeyRegistration(await this.site(), sent.response, session.passkeyChallenge);
    if (!credential) throw new InvalidError('The passkey could not be verified. Try adding it again.');
    const passkey = { ...credential, name: sent.name ?? 'Passkey', createdAt: this.deps.clock.now().toISOString(), lastUsedAt: null };
    let refused = '';
    // A passkey as the first factor comes with recovery codes, as the authenticator app does.
    const firstFactor = methodsOf(await this.me(asking)).length === 0;
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
    if (refused) throw new ConflictError(refused);
    await this.record(asking, 'passkey.added', { target: `passkey:${passkey.name}` });
    return { ...toPasskey(passkey), ...(firstFactor ? { recoveryCodes } : {}), ...(await this.factorAdded(asking)) };
  }

  async removePasskey(asking: Asking, user: UserRecord, id: string): Promise<void> {
    const passkey = user.passkeys.find((p) => p.id === id);
    if (!passkey) throw new NotFoundError('Passkey not found');
    const passkeys = user.passkeys.filter((p) => p.id !== id);
    this.keepsAFactor({ ...user, passkeys });
    await this.deps.store.users.update(user.id, { passkeys, ...(user.totpSecret || passkeys.length ? {} : { recoveryCodes: [] }) });
    await this.record(asking, 'passkey.removed', { target: `passkey:${passkey.name}` });
  }

  // ---------------------------------------------------------------- password and sessions

  /** A new password: the admin's other sessions and half-done sign-ins end. */
  async changePassword(asking: Asking, user: UserRecord, newPassword: string): Promise<void> {
    const { sessions } = this.deps;
    const weakness = await passwordWeakness(newPassword, [user.username, await this.brand()]);
    if (weakness) throw new InvalidError(weakness, { newPassword: weakness });
    if (await verifyPassword(newPassword, user.password)) {
      const same = 'The new password must differ from the current one';
      throw new InvalidError(same, { newPassword: same });
    }
    await this.deps.store.users.update(user.id, { password: await hashPassword(newPassword) });
    const ended = await sessions.endAllFor(user.id, asking.session.id);
    // Someone who knew the old password may be half-way through signing in: that ends too.
    const pending = await sessions.endPendingSignIns(user.id);
    const details = [`${ended} other session${ended === 1 ? '' : 's'} ended`];
    if (pending) details.push(`${pending} sign-in${pending === 1 ? '' : 's'} awaiting a second factor ended`);
    await this.record(asking, 'password.changed', { detail: details.join('; ') });
  }

  async endSession(asking: Asking, id: string): Promise<void> {
    const target = await this.deps.store.sessions.get(id);
    if (!target || target.userId !== asking.user.id) throw new NotFoundError('Session not found');
    await this.deps.sessions.end(id);
    await this.record(asking, 'session.ended', { target: `session:${id.slice(0, 8)}`, detail: target.userAgent.slice(0, 120) });
  }
}
