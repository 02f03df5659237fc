import { bookingServiceLabels, type BookingService, type CustomerPage, type CustomerQuote } from '@site/domain';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageMeta } from '#web/components/page-meta.tsx';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { formatDate, formatVisitTime, formatWeekdayDay } from '#web/lib/dates.ts';
import { useBusiness } from '#web/lib/site-settings.ts';
import layout from '#web/styles/layout.module.css';
import { getCustomerPage } from '../api/customer-project';
import { CustomerFiles } from './customer-files';
import styles from './customer-project.module.css';
import { CustomerQuoteView } from './customer-quote';

type View = { view: 'loading' } | { view: 'refused'; message: string } | { view: 'page'; page: CustomerPage };

/** "Thursday 3 December at 9:30 am": when a booked measure is. */
const whenOf = formatVisitTime;

/** "Thursday 3 December": the day of a booked measure. */
const dayOf = formatWeekdayDay;

/** "20 November 2026": the day a request was made. */
const dateOf = formatDate;

/** The page's title says what the customer did: booked a measure, had a quote, or sent a request. */
function titleOf(page: CustomerPage): string {
  if (page.booking) {
    const service = bookingServiceLabels[page.booking.service as BookingService]?.toLowerCase() ?? page.booking.service;
    return `Your ${service} measure on ${dayOf(page.booking.start)}`;
  }
  if (page.quotes.length > 0) return `Your quote from ${page.business.brand}`;
  return `Your request of ${dateOf(page.lead.createdAt)}`;
}

/** The newest quote still open to accept first (the API lists newest first), then the rest as listed. */
const openFirst = (quotes: CustomerQuote[]) => {
  const open = quotes.findIndex((quote) => quote.status === 'sent' && !quote.expired);
  return open <= 0 ? quotes : [quotes[open], ...quotes.slice(0, open), ...quotes.slice(open + 1)];
};

const sizeOf = (bytes: number) =>
  bytes >= 1_000_000 ? `${(bytes / 1_000_000).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1000))} KB`;

/**
 * A customer's own page from their quote's email (`/your-project?t=…`), with no sign-in: their
 * quotes to choose, accept or decline, with the deposit, first (on a phone the open quote's total
 * and Accept button fit the first screen); then what they asked for, their files (and more
 * added) and their booked measure; the server's message for a link that is not valid.
 */
export default function CustomerProjectPage() {
  const business = useBusiness();
  const [params] = useSearchParams();
  const token = params.get('t') ?? '';
  const [state, setState] = useState<View>({ view: 'loading' });
  const unreachable = `We could not reach our system just now. Please try again, or call us on ${business.phone}.`;

  useEffect(() => {
    let current = true;
    getCustomerPage(token).then(
      (page) => current && setState({ view: 'page', page }),
      (error: unknown) =>
        current &&
        setState({
          view: 'refused',
          message: (error instanceof ApiRequestError && error.status < 500 && error.body?.message) || unreachable,
        }),
    );
    return () => {
      current = false;
    };
    // The link's token is the page's whole input.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token]);

  const changed = (quote: CustomerQuote) =>
    setState((current) =>
      current.view === 'page'
        ? { view: 'page', page: { ...current.page, quotes: current.page.quotes.map((other) => (other.id === quote.id ? quote : other)) } }
        : current,
    );

  return (
    <>
      <PageMeta title="Your project" description={`Your project with ${business.brand}: your quotes and deposit.`} keywords="" noindex />
      <section className={styles.page}>
        <div className={layout.small}>
          <div className={styles.flow}>
            <h1 className={styles.heading}>
              {state.view === 'page' ? titleOf(state.page) : state.view === 'refused' ? 'This link cannot be used' : 'Your project'}
            </h1>
            {state.view === 'loading' ? <p role="status">Loading your project…</p> : null}
            {state.view === 'refused' ? (
              <>
                <p role="alert">{state.message}</p>
                <p>
                  Call {business.brand} on <a href={`tel:${business.phoneHref}`}>{business.phone}</a>.
                </p>
              </>
            ) : null}
            {state.view === 'page' ? (
              <>
                {state.page.quotes.length === 0 ? <p className={styles.muted}>We have not sent you a quote yet.</p> : null}
                {openFirst(state.page.quotes).map((quote) => (
                  <CustomerQuoteView
                    key={quote.id}
                    token={token}
                    quote={quote}
                    brand={state.page.business.brand}
                    depositMethods={state.page.depositMethods}
                    deposit={state.page.deposit}
                    unreachable={unreachable}
                    onChange={changed}
                  />
                ))}
                <section aria-labelledby="your-request" className={styles.field}>
                  <h2 id="your-request" className={styles.subheading}>
                    Your {state.page.lead.kind === 'inquiry' ? 'inquiry' : 'quote request'} of {whenOf(state.page.lead.createdAt)}
                  </h2>
                  {state.page.booking ? (
                    <p style={{ margin: 0 }}>
                      {state.page.booking.status === 'cancelled' ? 'Your cancelled site measure: ' : 'Your site measure: '}
                      {whenOf(state.page.booking.start)} (Melbourne time), at {state.page.booking.street}, {state.page.booking.suburb}.
                    </p>
                  ) : null}
                  <dl className={styles.details}>
                    {state.page.lead.details.map((detail) => (
                      <div key={detail.label} style={{ display: 'contents' }}>
                        <dt>{detail.label}</dt>
                        <dd>{detail.value}</dd>
                      </div>
                    ))}
                  </dl>
                  {state.page.files.length > 0 ? (
                    <>
                      <h3 className={styles.subheading}>Your files</h3>
                      <ul className={styles.items}>
                        {state.page.files.map((file, index) => (
                          <li key={index}>
                            {file.name} ({file.kind === 'pdf' ? 'PDF' : 'photo'}, {sizeOf(file.size)})
                          </li>
                        ))}
                      </ul>
                    </>
                  ) : null}
                  <CustomerFiles
                    token={token}
                    files={state.page.files}
                    unreachable={unreachable}
                    onAdded={(files) =>
                      setState((current) => (current.view === 'page' ? { view: 'page', page: { ...current.page, files } } : current))
                    }
                  />
                </section>
                <p className={styles.muted}>
                  Questions? Call us on <a href={`tel:${business.phoneHref}`}>{business.phone}</a> or email{' '}
                  <a href={`mailto:${state.page.business.email}`}>{state.page.business.email}</a>.
                </p>
              </>
            ) : null}
          </div>
        </div>
      </section>
    </>
  );
}
