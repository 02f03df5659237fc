import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageMeta } from '../../../components/page-meta';
import { business } from '../../../config/business';
import { api, ApiRequestError } from '../../../lib/api-client';
import layout from '../../../styles/layout.module.css';

const unsubscribed = {
  done: "You're unsubscribed",
  detail: 'You will get no more review requests or reminders from us. Replies to your own inquiries still reach you.',
} as const;

type State = { state: 'working' } | { state: 'done' } | { state: 'failed'; message: string };

/**
 * The unsubscribe link in review requests and reminders (`/unsubscribe?t=...`): unsubscribes
 * at once, with no sign-in and nothing to click (the page POSTs the token as it opens; a mail
 * client's one-click button POSTs to the API itself).
 */
export default function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('t') ?? '';
  const [result, setResult] = useState<State>({ state: 'working' });

  // The server says what is wrong with a link, also one without a token.
  useEffect(() => {
    let current = true;
    api.post('/api/unsubscribe', { t: token }).then(
      () => current && setResult({ state: 'done' }),
      (error: unknown) =>
        current &&
        setResult({
          state: 'failed',
          message:
            error instanceof ApiRequestError && error.status === 404 && error.body?.message
              ? error.body.message
              : `We could not unsubscribe you just now. Please try again, or call us on ${business.phone}.`,
        }),
    );
    return () => {
      current = false;
    };
  }, [token]);

  return (
    <>
      <PageMeta title="Unsubscribe" description={`Unsubscribe from review requests from ${business.brand}.`} keywords="" noindex />
      <section className={layout.section}>
        <div className={layout.small} style={{ display: 'grid', gap: 16, justifyItems: 'start' }}>
          {result.state === 'working' && <p role="status">Unsubscribing…</p>}
          {result.state === 'done' && (
            <>
              <h1 className={layout.sectionTitle}>{unsubscribed.done}</h1>
              <p className={layout.sectionIntro}>{unsubscribed.detail}</p>
            </>
          )}
          {result.state === 'failed' && (
            <>
              <h1 className={layout.sectionTitle}>Unsubscribe</h1>
              <p role="alert" className={layout.sectionIntro}>
                {result.message}
              </p>
              <p>
                To be taken off our list, call {business.brand} on <a href={`tel:${business.phoneHref}`}>{business.phone}</a> or email{' '}
                <a href={`mailto:${business.email}`}>{business.email}</a>.
              </p>
            </>
          )}
        </div>
      </section>
    </>
  );
}
