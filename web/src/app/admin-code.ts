import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';

/**
 * Where the admin area's parts are loaded from, with no other import: the entry (admin-main.tsx)
 * starts them all at once, before React has even downloaded, so a phone waits for one round of
 * downloads rather than a chain of them (entry, then React, then the page, then its tab).
 */

/** A loader that loads once, and knows its module once it has arrived. */
export interface Loader<M> {
  (): Promise<M>;
  loaded: () => M | undefined;
}

function once<M>(load: () => Promise<M>): Loader<M> {
  let loading: Promise<M> | undefined;
  let module: M | undefined;
  const loader = () =>
    (loading ??= load().then(
      (arrived) => (module = arrived),
      (error: unknown) => {
        // A failed download (a dropped connection) is tried again by the next render.
        loading = undefined;
        throw error;
      },
    ));
  loader.loaded = () => module;
  return loader;
}

export const loadAdminPage = once(() => import('./pages/admin-page'));
export const loadAccountPage = once(() => import('./pages/account-page'));
export const loadLoginPage = once(() => import('../features/auth/login-page'));

/** An address's search and hash, as `window.location` has them. */
export interface Address {
  search: string;
  hash: string;
}

/**
 * A tab's code: its panel, and what its first screen reads at an address (`firstScreen`), which
 * the dashboard opened at that tab asks for beside its first render (app/admin-app.tsx), and the
 * server reads before rendering it (admin-server.tsx).
 */
export interface TabModule {
  default: ComponentType;
  firstScreen?: (queryClient: QueryClient, address: Address) => Promise<void>;
}

/** The dashboard's tabs' code, each its own chunk, loaded when the tab is first shown. */
export const tabCode = {
  inquiries: once(() =>
    import('./pages/lead-tabs').then((module) => ({ default: module.InquiriesPanel, firstScreen: module.inquiriesFirstScreen })),
  ),
  quotes: once(() =>
    import('./pages/lead-tabs').then((module) => ({ default: module.QuoteRequestsPanel, firstScreen: module.quoteRequestsFirstScreen })),
  ),
  calendar: once(() =>
    import('../features/calendar/calendar-tab').then((module) => ({ default: module.default, firstScreen: module.calendarFirstScreen })),
  ),
  reviews: once(() => import('../features/reviews-admin/reviews-tab').then((module) => ({ default: module.ReviewsTab }))),
  visitors: once(() => import('../features/visitors/visitors-tab').then((module) => ({ default: module.VisitorsTab }))),
  sources: once(() => import('../features/sources/sources-tab').then((module) => ({ default: module.SourcesTab }))),
  projects: once(() => import('../features/projects-admin/projects-tab')),
  models: once(() => import('../features/showroom-admin/models-tab')),
  activity: once(() => import('../features/activity/activity-tab').then((module) => ({ default: module.ActivityTab }))),
  privacy: once(() => import('../features/privacy-requests/privacy-tab').then((module) => ({ default: module.PrivacyTab }))),
  settings: once(() => import('../features/settings/settings-tab')),
} satisfies Record<string, Loader<TabModule>>;
export type TabValue = keyof typeof tabCode;

/** The tab an address asks for (`?tab=`), or the first one. */
export function askedTab(search: string): TabValue {
  const asked = new URLSearchParams(search).get('tab');
  // Own keys only: `?tab=toString` names no tab.
  return asked !== null && Object.hasOwn(tabCode, asked) ? (asked as TabValue) : 'inquiries';
}
