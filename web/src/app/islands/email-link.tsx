import EmailLinkPage from '#web/features/reviews/components/email-link-page.tsx';
import { hydrateIsland } from './island';

/** The review and unsubscribe link pages, as the server renders them inside <Island name="email-link">. */
export function EmailLinkIsland() {
  return <EmailLinkPage />;
}

export const hydrate = (element: HTMLElement) => hydrateIsland(element, <EmailLinkIsland />);
