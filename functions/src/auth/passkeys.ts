import type { Passkey } from '@site/domain';
import type { AuthenticationResponseJSON, AuthenticatorTransport, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { PasskeyRecord, UserRecord } from '../ports/store';

/**
 * Passkeys (WebAuthn) through @simplewebauthn/server. The relying party is the site's
 * address in the business settings (seeded from SITE_URL at an upgrade): its host name is
 * the RP ID and its origin the one origin a response may come from. Never the request's Host
 * or X-Forwarded-Host: whoever can choose those must not choose which site a passkey is
 * bound to. Developing on localhost, the configured address is http://localhost:PORT.
 */
export interface RelyingParty {
  rpID: string;
  origin: string;
  /** What an authenticator shows the passkey is for: "{brand} admin". */
  name: string;
}

export function relyingParty(siteUrl: string, brand: string): RelyingParty {
  const url = new URL(siteUrl);
  return { rpID: url.hostname, origin: url.origin, name: `${brand} admin` };
}

/** @simplewebauthn/server and its certificate parsers load at the first passkey ceremony, not at the server's start. */
const webauthn = () => import('@simplewebauthn/server');

const transports = (p: PasskeyRecord) => p.transports as AuthenticatorTransport[];

export const toPasskey = ({ id, name, createdAt, lastUsedAt }: PasskeyRecord): Passkey => ({ id, name, createdAt, lastUsedAt });

export async function passkeyRegistrationOptions(site: RelyingParty, user: UserRecord) {
  const { generateRegistrationOptions } = await webauthn();
  return generateRegistrationOptions({
    rpName: site.name,
    rpID: site.rpID,
    userName: user.username,
    userID: new TextEncoder().encode(user.id),
    attestationType: 'none',
    excludeCredentials: user.passkeys.map((p) => ({ id: p.id, transports: transports(p) })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
}

/** The new credential, or null when the response does not answer the challenge. */
export async function verifyPasskeyRegistration(
  site: RelyingParty,
  response: unknown,
  expectedChallenge: string,
): Promise<Pick<PasskeyRecord, 'id' | 'publicKey' | 'counter' | 'transports'> | null> {
  const { rpID, origin } = site;
  const { verifyRegistrationResponse } = await webauthn();
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

export async function passkeyLoginOptions(site: RelyingParty, user: UserRecord) {
  const { generateAuthenticationOptions } = await webauthn();
  return generateAuthenticationOptions({
    rpID: site.rpID,
    allowCredentials: user.passkeys.map((p) => ({ id: p.id, transports: transports(p) })),
    userVerification: 'preferred',
  });
}

/** The passkey used and its new signature counter, or null when the response does not verify. */
export async function verifyPasskeyLogin(
  site: RelyingParty,
  user: UserRecord,
  response: { id: string },
  expectedChallenge: string,
): Promise<{ id: string; counter: number } | null> {
  const passkey = user.passkeys.find((p) => p.id === response.id);
  if (!passkey) return null;
  const { rpID, origin } = site;
  const { verifyAuthenticationResponse } = await webauthn();
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
