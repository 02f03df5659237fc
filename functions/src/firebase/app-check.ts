import type { App as AdminApp } from 'firebase-admin/app';
import { getAppCheck } from 'firebase-admin/app-check';
import type { ClientCheck } from '../ports/client-check';

/**
 * Firebase App Check: the browser's token (reCAPTCHA Enterprise attested) verified with
 * firebase-admin against the project's public keys. A malformed, expired or foreign token
 * is simply not valid.
 */
export function firebaseAppCheck(app: AdminApp, mode: ClientCheck['mode']): ClientCheck {
  const appCheck = getAppCheck(app);
  return {
    mode,
    verify: (token) =>
      appCheck.verifyToken(token).then(
        () => true,
        () => false,
      ),
  };
}
