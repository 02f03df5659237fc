import { useLocation } from 'react-router';
import { paths, routeOf } from '#web/config/paths.ts';
import UnsubscribePage from './unsubscribe-page';
import WriteReviewPage from './write-review-page';

/**
 * The two pages only a review request's email leads to, in one lazily loaded module: the
 * public pages' first script then carries one lazy route for them, not two.
 */
export default function EmailLinkPage() {
  const { pathname } = useLocation();
  return routeOf(pathname) === paths.unsubscribe ? <UnsubscribePage /> : <WriteReviewPage />;
}
