/**
 * Proof that a public request comes from the site's own pages running in a real browser
 * (Firebase App Check with reCAPTCHA Enterprise): a token in the X-Firebase-AppCheck header.
 */
export interface ClientCheck {
  /** `off`: not asked for; `monitor`: checked and logged, never refused; `enforce`: refused without a valid token. */
  mode: 'off' | 'monitor' | 'enforce';
  /** Whether the token is valid for this project. */
  verify(token: string): Promise<boolean>;
}

export const clientCheckHeader = 'X-Firebase-AppCheck';
