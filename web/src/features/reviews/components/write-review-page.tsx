import { verifiedCustomerLabel, type ReviewInviteView } from '@site/domain';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { ActionButton } from '#web/components/action-button.tsx';
import { PageMeta } from '#web/components/page-meta.tsx';
import { paths } from '#web/config/paths.ts';
import { api, ApiRequestError } from '#web/lib/api-client.ts';
import layout from '#web/styles/layout.module.css';
import { renderedReviewLink } from '#web/lib/review-link.ts';
import { useBusiness } from '#web/lib/site-settings.ts';

// The form's code (MUI, the form libraries) loads when the customer points at, focuses or taps
// the button, as on the home page: the page itself stays light.
const loadReviewDialog = () => import('./review-dialog');
const loadDialogProviders = () => import('#web/components/dialog-providers.tsx');
const ReviewDialog = lazy(loadReviewDialog);
const DialogProviders = lazy(loadDialogProviders);
const preload = () => {
  void loadDialogProviders();
  void loadReviewDialog();
};

type Link = { state: 'checking' } | { state: 'ready'; name: string } | { state: 'refused'; message: string } | { state: 'sent' };

/**
 * A customer's own review link (`/reviews/write?t=...`) from a review request: the review
 * form with their name filled in; sent through it, the review shows as from a verified customer.
 * An expired, used or altered link says so.
 */
export default function WriteReviewPage() {
  const business = useBusiness();
  const [params] = useSearchParams();
  const token = params.get('t') ?? '';
  // The server's answer, when it rendered the page; else the page asks the API.
  const [link, setLink] = useState<Link>(() => renderedReviewLink() ?? { state: 'checking' });
  const checking = link.state === 'checking';
  const [dialog, setDialog] = useState<'closed' | 'open' | 'mounted'>('closed');

  // The server says what is wrong with a link, also one without a token ('-' is never one).
  useEffect(() => {
    if (!checking) return;
    let current = true;
    api.get<ReviewInviteView>(`/api/review-invites/${encodeURIComponent(token || '-')}`).then(
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
  }, [token, checking]);

  return (
    <>
      <PageMeta title="Write a review" description={`Tell others how your renovation with ${business.brand} went.`} keywords="" noindex />
      <section className={layout.section}>
        <div className={layout.small} style={{ display: 'grid', gap: 16, justifyItems: 'start' }}>
          <h1 className={layout.sectionTitle}>Review {business.brand}</h1>
          {link.state === 'checking' && <p role="status">Checking your link…</p>}
          {link.state === 'refused' && (
            <>
              <p role="alert" className={layout.sectionIntro}>
                {link.message}
              </p>
              <p>
                You can still <RouterLink to={`${paths.home}#reviews`}>write a review on our home page</RouterLink>.
              </p>
            </>
          )}
          {link.state === 'ready' && (
            <>
              <p className={layout.sectionIntro}>
                Thank you for choosing us, {link.name}. Once approved, your review shows as from a “{verifiedCustomerLabel}”.
              </p>
              <ActionButton type="button" tone="dark" onClick={() => setDialog('open')} onPointerEnter={preload} onFocus={preload}>
                Write your review
              </ActionButton>
              {dialog !== 'closed' && (
                <Suspense fallback={null}>
                  <DialogProviders>
                    <ReviewDialog
                      open={dialog === 'open'}
                      invite={{ token, name: link.name }}
                      onClose={() => setDialog('mounted')}
                      onSubmitted={() => setLink({ state: 'sent' })}
                    />
                  </DialogProviders>
                </Suspense>
              )}
            </>
          )}
          {link.state === 'sent' && (
            <p role="status" className={layout.sectionIntro}>
              Thank you for your review! It will be visible once approved.
            </p>
          )}
        </div>
      </section>
    </>
  );
}
