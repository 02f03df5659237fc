import type { User } from '@site/domain';

/**
 * Signs the browser in to a second identity system alongside the session cookie: on
 * Firebase, a custom token with `admin: true` so that security rules let the signed-in
 * admin's browser read admin data directly (live listeners). Absent in embedded mode.
 */
export interface ClientAuth {
  /** A token the browser exchanges for its own credentials (Firebase `signInWithCustomToken`). */
  customToken(user: User): Promise<string>;
  /** Ends what `customToken` started, so a signed-out browser cannot keep reading. */
  revoke(user: User): Promise<void>;
}
