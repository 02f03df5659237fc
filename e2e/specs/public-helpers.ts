import { expect, type Page } from '@playwright/test';

/** Every script but the page's own first one: the islands' code, React and the dialogs. */
export const islandCode = /\/assets\/(?!index-)[^/]+\.js$/;

/** A name no other test in the worker uses, so each test finds its own records. */
export function uniqueName(prefix: string): string {
  const letters = Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
  return `${prefix}${letters}`;
}

/** The toast shows its title and its message. */
export async function expectToast(page: Page, title: string, message: string) {
  const toast = page.getByRole('alert').filter({ hasText: message });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText(title);
}
