import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ActionButton } from '#web/components/action-button.tsx';
import { PageMeta } from '#web/components/page-meta.tsx';
import { api, ApiRequestError } from '#web/lib/api-client.ts';
import layout from '#web/styles/layout.module.css';
import { useBusiness } from '#web/lib/site-settings.ts';

const unsubscribed = {
  title: 'Unsubscribe from review requests',
  ask: 'Press the button to get no more review requests or reminders from us.',
  button: 'Unsubscribe',
  done: "You're unsubscribed",
  detail: 'You will get no more review requests or reminders from us. Replies to your own inquiries still reach you.',
} as const;

type State = { state: 'ready' } | { state: 'working' } | { state: 'done' } | { state: 'failed'; message: string };

/**
 * The unsubscribe link in review requests and reminders (`/unsubscribe?t=...`): one button,
 * no sign-in. It asks for the click because mail scanners open every link in a message, and
 * opening must not unsubscribe; a mail client's one-click button (RFC 8058) POSTs to the API
 * itself.
 */
export default function UnsubscribePage() {
  const business = useBusiness();
  const [params] = useSearchParams();
  const token = params.get('t') ?? '';
  const [result, setResult] = useState<State>({ state: 'ready' });

  // The server says what is wrong with a link, also one without a token.
  const unsubscribe = () => {
    setResult({ state: 'working' });
    api.post('/api/unsubscribe', { t: token }).then(
      () => setResult({ state: 'done' }),
      (error: unknown) =>
        setResult({
          state: 'failed',
          message:
            error instanceof ApiRequestError && error.status === 404 && error.body?.message
              ? error.body.message
              : `We could not unsubscribe you just now. Please try again, or call us on ${business.phone}.`,
        }),
    );
  };

  return (
    <>
      <PageMeta title="Unsubscribe" description={`Unsubscribe from review requests from ${business.brand}.`} keywords="" noindex />
      <section className={layout.section}>
        <div className={layout.small} style={{ display: 'grid', gap: 16, justifyItems: 'start' }}>
          {(result.state === 'ready' || result.state === 'working') && (
            <>
              <h1 className={layout.sectionTitle}>{unsubscribed.title}</h1>
              <p className={layout.sectionIntro}>{unsubscribed.ask}</p>
              <ActionButton type="button" tone="dark" onClick={unsubscribe} disabled={result.state === 'working'}>
                {result.state === 'working' ? 'Unsubscribing…' : unsubscribed.button}
              </ActionButton>
            </>
          )}
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
