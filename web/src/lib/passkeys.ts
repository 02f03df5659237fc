import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';

// Loaded only when a passkey is used, so the library never reaches the public pages' bundle.
const webauthn = () => import('@simplewebauthn/browser');

export const passkeyMessages = {
  unsupported: 'This browser cannot use passkeys. Use another browser or device, or your authenticator app.',
  cancelled: 'The passkey request was cancelled or timed out. Try again when you are ready.',
  alreadyAdded: 'This passkey is already added to your account.',
} as const;

/** A passkey ceremony that did not finish, with a sentence staff can act on. */
export class PasskeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PasskeyError';
  }
}

/**
 * The browser's own errors name what happened (the library keeps the DOMException's name on
 * its WebAuthnError): cancelling, or a timeout, is NotAllowedError; an authenticator that
 * already holds this account's passkey is InvalidStateError.
 */
function plainError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  if (error.name === 'NotAllowedError' || error.name === 'AbortError') return new PasskeyError(passkeyMessages.cancelled);
  if (error.name === 'InvalidStateError') return new PasskeyError(passkeyMessages.alreadyAdded);
  if (error.name === 'NotSupportedError' || error.name === 'SecurityError') return new PasskeyError(passkeyMessages.unsupported);
  return error;
}

async function loaded() {
  const library = await webauthn();
  if (!library.browserSupportsWebAuthn()) throw new PasskeyError(passkeyMessages.unsupported);
  return library;
}

/** Signs in with a passkey the server's options allow. */
export async function getPasskeyCeremony(optionsJSON: PublicKeyCredentialRequestOptionsJSON): Promise<AuthenticationResponseJSON> {
  const { startAuthentication } = await loaded();
  try {
    return await startAuthentication({ optionsJSON });
  } catch (error) {
    throw plainError(error);
  }
}

/** Makes a new passkey for the signed-in admin. */
export async function createPasskeyCeremony(optionsJSON: PublicKeyCredentialCreationOptionsJSON): Promise<RegistrationResponseJSON> {
  const { startRegistration } = await loaded();
  try {
    return await startRegistration({ optionsJSON });
  } catch (error) {
    throw plainError(error);
  }
}

export type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON };
