import { reviewInviteMessages, verifiedCustomerLabel, type ReviewInviteView } from '@site/domain';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { ActionButton } from '../../../components/action-button';
import DialogProviders from '../../../components/dialog-providers';
import { PageMeta } from '../../../components/page-meta';
import { business } from '../../../config/business';
import { paths } from '../../../config/paths';
import { api, ApiRequestError } from '../../../lib/api-client';
import layout from '../../../styles/layout.module.css';
import ReviewDialog from './review-dialog';
import styles from './reviews.module.css';

type Link = { state: 'checking' } | { state: 'ready'; name: string } | { state: 'refused'; message: string } | { state: 'sent' };

/**
 * A customer's own review link (`/reviews/write?t=...`) from a review request: the review
 * form with their name filled in; sent through it, the review shows as from a verified customer.
 * An expired, used or altered link says so.
 */
export default function WriteReviewPage() {
  const [params] = useSearchParams();
  const token = params.get('t') ?? '';
  const [checked, setLink] = useState<Link>({ state: 'checking' });
  const [open, setOpen] = useState(true);
  // A link without a token is refused without asking the server.
  const link: Link = token ? checked : { state: 'refused', message: reviewInviteMessages.invalid };

  useEffect(() => {
    let current = true;
    if (!token) return;
    api.get<ReviewInviteView>(`/api/review-invites/${encodeURIComponent(token)}`).then(
      (invite) => current && setLink({ state: 'ready', name: invite.name }),
      (error: unknown) =>
        current &&
        setLink({
          state: 'refused',
          message:
            error instanceof ApiRequestError && error.body?.message && (error.status === 404 || error.status === 410)
              ? error.body.message
              : 'Your link could not be checked just now. Please try again in a moment.',
        }),
    );
    return () => {
      current = false;
    };
  }, [token]);

  return (
    <>
      <PageMeta
        title={`Review ${business.brand}`}
        description={`Tell others how your renovation with ${business.brand} went.`}
        keywords=""
        noindex
      />
      <section className={layout.section}>
        <div className={layout.small}>
          <h1 className={layout.sectionTitle}>Review {business.brand}</h1>
          {link.state === 'checking' && <p role="status">Checking your link…</p>}
          {link.state === 'refused' && (
            <>
              <p role="alert" className={styles.intro}>
                {link.message}
              </p>
              <p>
                You can still <RouterLink to={`${paths.home}#reviews`}>write a review on our home page</RouterLink>.
              </p>
            </>
          )}
          {link.state === 'ready' && (
            <>
              <p className={styles.intro}>
                Thank you for choosing us, {link.name}. Once approved, your review shows as from a “{verifiedCustomerLabel}”.
              </p>
              {!open && (
                <ActionButton type="button" tone="dark" onClick={() => setOpen(true)}>
                  Write your review
                </ActionButton>
              )}
              <DialogProviders>
                <ReviewDialog
                  open={open}
                  invite={{ token, name: link.name }}
                  onClose={() => setOpen(false)}
                  onSubmitted={() => setLink({ state: 'sent' })}
                />
              </DialogProviders>
            </>
          )}
          {link.state === 'sent' && (
            <p role="status" className={styles.intro}>
              Thank you for your review! It will be visible once approved.
            </p>
          )}
        </div>
      </section>
    </>
  );
}
