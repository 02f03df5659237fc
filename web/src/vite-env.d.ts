/// <reference types="vite/client" />

/** The build-time switches (`VITE_*` variables are inlined by Vite when it builds). */
interface ImportMetaEnv {
  /** `firebase` builds the Firebase Hosting site (Firestore live updates, Firebase Auth); unset, the embedded one. */
  readonly VITE_BACKEND?: string;
  /** `true` points the Firebase build at the local emulators (`npm run emulators`). */
  readonly VITE_FIREBASE_EMULATORS?: string;
  /** The reCAPTCHA Enterprise site key App Check attests the Firebase build's forms with; unset, no App Check. */
  readonly VITE_APP_CHECK_SITE_KEY?: string;
}
