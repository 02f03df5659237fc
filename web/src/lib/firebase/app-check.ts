/**
 * App Check for the public forms and visits in the Firebase build: a reCAPTCHA Enterprise
 * attested token for the `X-Firebase-AppCheck` header, which the Cloud Function checks when
 * APP_CHECK is monitor or enforce. Loaded (with reCAPTCHA's script) on the first such
 * request, never by the embedded build, and not at all without VITE_APP_CHECK_SITE_KEY.
 */
import { getToken, initializeAppCheck, ReCaptchaEnterpriseProvider, type AppCheck } from 'firebase/app-check';
import { firebaseApp } from './app';

let appCheck: Promise<AppCheck> | null = null;

/** A current App Check token, or null when none can be had (the server then decides). */
export async function appCheckToken(siteKey: string): Promise<string | null> {
  try {
    appCheck ??= firebaseApp().then((app) =>
      initializeAppCheck(app, { provider: new ReCaptchaEnterpriseProvider(siteKey), isTokenAutoRefreshEnabled: true }),
    );
    return (await getToken(await appCheck, false)).token;
  } catch {
    appCheck = null;
    return null;
  }
}
