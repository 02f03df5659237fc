import type { Passkey } from '@site/domain';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Request } from 'express';
import { business } from '../../../web/src/config/business';
import type { PasskeyRecord, UserRecord } from '../ports/store';

/**
 * Passkeys (WebAuthn) through @simplewebauthn/server. The relying party is the site the
 * browser is on: its host name, and the origin the request came to (behind a proxy, what
 * `trust proxy` makes of X-Forwarded-Host and -Proto), so the same code serves localhost,
 * the embedded server's domain and Firebase Hosting.
 */
const rpName = `${business.brand} admin`;

const relyingParty = (req: Request) => ({ rpID: req.hostname, origin: `${req.protocol}://${req.get('host') ?? req.hostname}` });

const transports = (p: PasskeyRecord) => p.transports as AuthenticatorTransport[];

export const toPasskey = ({ id, name, createdAt, lastUsedAt }: PasskeyRecord): Passkey => ({ id, name, createdAt, lastUsedAt });

export async function passkeyRegistrationOptions(req: Request, user: UserRecord) {
  return generateRegistrationOptions({
    rpName,
    rpID: relyingParty(req).rpID,
    userName: user.username,
    userID: new TextEncoder().encode(user.id),
    attestationType: 'none',
    excludeCredentials: user.passkeys.map((p) => ({ id: p.id, transports: transports(p) })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
}

/** The new credential, or null when the response does not answer the challenge. */
export async function verifyPasskeyRegistration(
  req: Request,
  response: unknown,
  expectedChallenge: string,
): Promise<Pick<PasskeyRecord, 'id' | 'publicKey' | 'counter' | 'transports'> | null> {
  const { rpID, origin } = relyingParty(req);
  try {
    const result = await verifyRegistrationResponse({
      response: response as RegistrationResponseJSON,
      expectedChallenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: false,
    });
    if (!result.verified) return null;
    const { credential } = result.registrationInfo;
    return {
      id: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports ?? [],
    };
  } catch {
    // A malformed or forged response is a failed registration, not a server error.
    return null;
  }
}

export async function passkeyLoginOptions(req: Request, user: UserRecord) {
  return generateAuthenticationOptions({
    rpID: relyingParty(req).rpID,
    allowCredentials: user.passkeys.map((p) => ({ id: p.id, transports: transports(p) })),
    userVerification: 'preferred',
  });
}

/** The passkey used and its new signature counter, or null when the response does not verify. */
export async function verifyPasskeyLogin(
  req: Request,
  user: UserRecord,
  response: { id: string },
  expectedChallenge: string,
): Promise<{ id: string; counter: number } | null> {
  const passkey = user.passkeys.find((p) => p.id === response.id);
  if (!passkey) return null;
  const { rpID, origin } = relyingParty(req);
  try {
    const result = await verifyAuthenticationResponse({
      response: response as AuthenticationResponseJSON,
      expectedChallenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: {
        id: passkey.id,
        publicKey: Buffer.from(passkey.publicKey, 'base64url'),
        counter: passkey.counter,
        transports: transports(passkey),
      },
      requireUserVerification: false,
    });
    return result.verified ? { id: passkey.id, counter: result.authenticationInfo.newCounter } : null;
  } catch {
    return null;
  }
}
