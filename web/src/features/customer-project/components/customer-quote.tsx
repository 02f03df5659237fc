import {
  coolingOffKeepCents,
  depositCapPercent,
  depositCents,
  formatCents,
  formatDifferenceCents,
  lineCents,
  optionDifferencesCents,
  quoteAnswerMessages,
  quoteSections,
  quoteTotals,
  sectionSubtotalCents,
  type CustomerPage,
  type CustomerQuote,
  type QuoteItem,
  type QuoteSelection,
} from '@site/domain';
import { useState, type FormEvent } from 'react';
import { ActionButton } from '#web/components/action-button.tsx';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { formatDate, formatDay, formatShortTime } from '#web/lib/dates.ts';
import { acceptQuote, customerInsuranceUrl, customerQuotePdfUrl, declineQuote, requestDeposit } from '../api/customer-project';
import styles from './customer-project.module.css';
import { BankTransfer } from './bank-transfer';
import { WithdrawDialog } from './withdraw-dialog';

/** The server's own sentence for a refusal (4xx); null for a fault or no connection. */
const refusal = (error: unknown) =>
  error instanceof ApiRequestError && error.status >= 400 && error.status < 500 ? (error.body?.message ?? null) : null;

const dateOf = formatDate;

/** "5 pm", "9:30 am": a time of day in Melbourne. */
const timeOf = formatShortTime;

/** A calendar day ("2027-02-01") as "1 February 2027": no time, so no zone to shift it. */
const dayOf = (day: string) => formatDay(day, 'date');

const weeks = (count: number) => `${count} ${count === 1 ? 'week' : 'weeks'}`;

const keep = formatCents(coolingOffKeepCents).replace(/\.00$/, '');

/** "Deposit on acceptance: 10% ($1,446.50), by card or bank transfer": the server's rule on the total chosen now. */
function depositOnAcceptance(totalCents: number, setting: number | null, methods: CustomerPage['depositMethods']): string {
  const percent = Math.min(setting ?? depositCapPercent(totalCents), depositCapPercent(totalCents));
  const ways = [methods.card ? 'card' : null, methods.bank ? 'bank transfer' : null].filter(Boolean).join(' or ');
  return `Deposit on acceptance: ${percent}% (${formatCents(depositCents(totalCents, setting))})${ways ? `, by ${ways}` : ''}`;
}

const amount = (item: QuoteItem) => `${item.quantity}${item.unit ? ` ${item.unit}` : ''}`;

interface CustomerQuoteProps {
  token: string;
  quote: CustomerQuote;
  /** The business's name, as the insurance notice names the builder. */
  brand: string;
  depositMethods: CustomerPage['depositMethods'];
  /** The settings' deposit, to state it before acceptance. */
  deposit: CustomerPage['deposit'];
  /** What to say when the server cannot be reached. */
  unreachable: string;
  onChange: (quote: CustomerQuote) => void;
}

type Mode = 'view' | 'declining';

/**
 * One sent version on the customer's page: its items under their sections' headings (each with
 * its subtotal excl. GST following the choices), the choices they make (a radio per
 * either-or choice, a box per optional extra) with the total incl. GST following them, then
 * accepting by name and the terms, or declining with an optional reason; afterwards its outcome
 * and the deposit.
 */
export function CustomerQuoteView({ token, quote, brand, depositMethods, deposit, unreachable, onChange }: CustomerQuoteProps) {
  const [selection, setSelection] = useState<QuoteSelection>(quote.acceptance?.selection ?? {});
  const [name, setName] = useState('');
  const [terms, setTerms] = useState(false);
  const [guide, setGuide] = useState(false);
  const [advice, setAdvice] = useState(false);
  const [withdrawing, setWithdrawing] = useState(false);
  // When the page was opened: a period ending while it is open is refused by the server in words.
  const [openedAt] = useState(() => Date.now());
  const [reason, setReason] = useState('');
  const [mode, setMode] = useState<Mode>('view');
  const [errors, setErrors] = useState<{ name?: string; terms?: string; guide?: string }>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [working, setWorking] = useState(false);

  const open = quote.status === 'sent' && !quote.expired;
  const totals = quote.acceptance?.totals ?? quoteTotals(quote.items, selection);
  const sections = quoteSections(quote.items);
  const defaultOf = (group: string) => quote.items.findIndex((item) => item.group === group);
  const chosen = (group: string) => selection.choices?.[group] ?? defaultOf(group);
  // An alternative shows what choosing it instead of the default changes (before GST), as the PDF does.
  const differences = optionDifferencesCents(quote.items);
  const added = new Set(selection.optionalItems ?? []);
  const title = `Quote ${quote.number}, version ${quote.version}`;
  const { major } = quote;
  const coolingOff =
    quote.status === 'accepted' && quote.coolingOffEndsAt && Date.parse(quote.coolingOffEndsAt) > openedAt ? quote.coolingOffEndsAt : null;
  const until = (instant: string) => `${dateOf(instant)} at ${timeOf(instant)}`;

  const failed = (error: unknown) => setProblem(refusal(error) ?? unreachable);

  const accept = async (event: FormEvent) => {
    event.preventDefault();
    const found = {
      ...(name.trim().length < 2 ? { name: 'Type your full name to accept' } : {}),
      ...(terms ? {} : { terms: 'Tick the box to accept the terms' }),
      ...(major && !guide ? { guide: quoteAnswerMessages.consumerGuide } : {}),
    };
    setErrors(found);
    if (found.name || found.terms || found.guide) return;
    setWorking(true);
    setProblem(null);
    try {
      onChange(
        await acceptQuote(token, quote.id, {
          ...selection,
          name: name.trim(),
          acceptTerms: true,
          ...(major ? { consumerGuideReceived: true as const } : {}),
          ...(advice ? { independentLegalAdvice: true as const } : {}),
        }),
      );
    } catch (error) {
      const fields = error instanceof ApiRequestError ? error.body?.errors : undefined;
      if (fields?.name || fields?.acceptTerms || fields?.consumerGuideReceived)
        setErrors({ name: fields.name, terms: fields.acceptTerms, guide: fields.consumerGuideReceived });
      else failed(error);
    } finally {
      setWorking(false);
    }
  };

  const decline = async () => {
    setWorking(true);
    setProblem(null);
    try {
      onChange(await declineQuote(token, quote.id, reason));
      setMode('view');
    } catch (error) {
      failed(error);
    } finally {
      setWorking(false);
    }
  };

  const payDeposit = async () => {
    setWorking(true);
    setProblem(null);
    try {
      // The bank details are on the page already: the button is the card's.
      const answer = await requestDeposit(token, quote.id);
      if (answer.kind === 'checkout') window.location.assign(answer.url);
    } catch (error) {
      failed(error);
    } finally {
      setWorking(false);
    }
  };

  const line = (item: QuoteItem) => (
    <span className={styles.line}>
      <span>
        {item.description} ({amount(item)})
      </span>
      <span className={styles.price}>{formatCents(lineCents(item))}</span>
    </span>
  );

  return (
    <article className={styles.quote} aria-labelledby={`quote-${quote.id}`}>
      <h2 id={`quote-${quote.id}`} className={styles.subheading}>
        {title}
      </h2>
      {quote.status === 'replaced' ? (
        <p className={styles.outcome}>This version was replaced by a newer one: see the newest version of quote {quote.number}.</p>
      ) : null}
      {quote.status === 'sent' && quote.expired ? <p className={styles.outcome}>This quote has expired: ask us for a fresh one.</p> : null}
      {quote.status === 'sent' && !quote.expired && quote.validUntil ? (
        <p className={styles.muted}>Valid until {dateOf(quote.validUntil)}. Item prices exclude GST.</p>
      ) : null}

      {sections.map((section) => {
        const inSection = section.indexes.map((index) => ({ item: quote.items[index], index }));
        const groups = [...new Set(inSection.flatMap(({ item }) => (item.group ? [item.group] : [])))];
        const labelled = (label: string) => (section.name ? `${label} in ${section.name}` : label);
        return (
          <section
            key={section.indexes[0]}
            className={styles.field}
            aria-labelledby={section.name ? `quote-${quote.id}-section-${section.indexes[0]}` : undefined}
          >
            {section.name ? (
              <h3 id={`quote-${quote.id}-section-${section.indexes[0]}`} className={styles.subheading}>
                {section.name}
              </h3>
            ) : null}
            {inSection.some(({ item }) => !item.group && !item.optional) ? (
              <ul className={styles.items} aria-label={labelled('Included')}>
                {inSection.map(({ item, index }) => (!item.group && !item.optional ? <li key={index}>{line(item)}</li> : null))}
              </ul>
            ) : null}

            {groups.map((group) => (
              <fieldset key={group} className={styles.choice} disabled={!open}>
                <legend>{group}: choose one</legend>
                {inSection.map(({ item, index }) =>
                  item.group === group ? (
                    <label key={index} className={styles.option}>
                      <input
                        type="radio"
                        name={`${quote.id}-${group}`}
                        checked={chosen(group) === index}
                        onChange={() => setSelection((current) => ({ ...current, choices: { ...current.choices, [group]: index } }))}
                      />
                      {defaultOf(group) === index ? (
                        line(item)
                      ) : (
                        <span className={styles.line}>
                          <span>
                            {item.description} ({amount(item)})
                          </span>
                          <span className={styles.price}>{formatDifferenceCents(differences[index] ?? 0)}</span>
                        </span>
                      )}
                    </label>
                  ) : null,
                )}
              </fieldset>
            ))}

            {inSection.some(({ item }) => item.optional) ? (
              <fieldset className={styles.choice} disabled={!open}>
                <legend>{labelled('Optional extras')}</legend>
                {inSection.map(({ item, index }) =>
                  item.optional ? (
                    <label key={index} className={styles.option}>
                      <input
                        type="checkbox"
                        checked={added.has(index)}
                        onChange={(event) =>
                          setSelection((current) => {
                            const next = new Set(current.optionalItems ?? []);
                            if (event.target.checked) next.add(index);
                            else next.delete(index);
                            return { ...current, optionalItems: [...next].sort((a, b) => a - b) };
                          })
                        }
                      />
                      {line(item)}
                    </label>
                  ) : null,
                )}
              </fieldset>
            ) : null}
            {section.name ? (
              <p className={styles.line} style={{ margin: 0, fontWeight: 600 }}>
                <span>{section.name} subtotal (excl. GST)</span>
                <span className={styles.price}>{formatCents(sectionSubtotalCents(section, totals))}</span>
              </p>
            ) : null}
          </section>
        );
      })}

      <dl className={styles.totals} aria-label={`Totals of ${title}`}>
        <dt>Subtotal (excl. GST)</dt>
        <dd>{formatCents(totals.subtotalCents)}</dd>
        <dt>GST (10%)</dt>
        <dd>{formatCents(totals.gstCents)}</dd>
        <dt className={styles.total}>Total incl. GST</dt>
        <dd className={styles.total} aria-live="polite">
          {formatCents(totals.totalCents)}
        </dd>
      </dl>

      {open ? <p className={styles.muted}>{depositOnAcceptance(totals.totalCents, deposit.percent, depositMethods)}</p> : null}
      {major ? (
        <section className={styles.field} aria-labelledby={`quote-${quote.id}-contract`}>
          <h3 id={`quote-${quote.id}-contract`} className={styles.subheading}>
            Your building contract
          </h3>
          <dl className={styles.terms}>
            <dt>Site address</dt>
            <dd>{quote.siteAddress}</dd>
            <dt>Start</dt>
            <dd>
              {quote.startDate
                ? dayOf(quote.startDate)
                : quote.startWithinWeeks
                  ? `Within ${weeks(quote.startWithinWeeks)} of acceptance`
                  : null}
            </dd>
            <dt>Completion</dt>
            <dd>{quote.completionWeeks ? `${weeks(quote.completionWeeks)} from the start` : null}</dd>
            <dt>Builder’s registration number</dt>
            <dd>{major.registrationNumber}</dd>
          </dl>
          <p className={styles.muted}>
            {open ? 'Before you accept, read the' : 'Read the'}{' '}
            <a href={major.consumerGuideUrl} target="_blank" rel="noopener">
              Domestic Building Consumer Guide
            </a>
            : what to know about your contract, and your rights.
          </p>
          {open ? (
            <p className={styles.outcome}>
              You may withdraw from this contract by written notice within 5 clear business days after you receive a copy of it. If you
              accept today, that is until {until(major.coolingOffIfAcceptedNow)}.
            </p>
          ) : null}
        </section>
      ) : null}

      {quote.terms ? (
        <details>
          <summary>Terms</summary>
          <p style={{ whiteSpace: 'pre-line' }}>{quote.terms}</p>
        </details>
      ) : null}
      {open && mode === 'view' ? (
        <form className={styles.field} noValidate onSubmit={(event) => void accept(event)} aria-label={`Accept ${title}`}>
          <div className={styles.field}>
            <label htmlFor={`${quote.id}-name`}>Your full name</label>
            <input
              id={`${quote.id}-name`}
              type="text"
              autoComplete="name"
              value={name}
              aria-invalid={Boolean(errors.name)}
              aria-describedby={errors.name ? `${quote.id}-name-error` : undefined}
              onChange={(event) => setName(event.target.value)}
            />
            {errors.name ? (
              <p id={`${quote.id}-name-error`} className={styles.error}>
                {errors.name}
              </p>
            ) : null}
          </div>
          <label className={styles.option}>
            <input
              type="checkbox"
              checked={terms}
              aria-invalid={Boolean(errors.terms)}
              aria-describedby={errors.terms ? `${quote.id}-terms-error` : undefined}
              onChange={(event) => setTerms(event.target.checked)}
            />
            <span>I accept this quote, with the options chosen above, and its terms</span>
          </label>
          {errors.terms ? (
            <p id={`${quote.id}-terms-error`} className={styles.error}>
              {errors.terms}
            </p>
          ) : null}
          {major ? (
            <>
              <label className={styles.option}>
                <input
                  type="checkbox"
                  checked={guide}
                  aria-invalid={Boolean(errors.guide)}
                  aria-describedby={errors.guide ? `${quote.id}-guide-error` : undefined}
                  onChange={(event) => setGuide(event.target.checked)}
                />
                <span>
                  I have received the{' '}
                  <a href={major.consumerGuideUrl} target="_blank" rel="noopener">
                    Domestic Building Consumer Guide
                  </a>
                </span>
              </label>
              {errors.guide ? (
                <p id={`${quote.id}-guide-error`} className={styles.error}>
                  {errors.guide}
                </p>
              ) : null}
              <label className={styles.option}>
                <input type="checkbox" checked={advice} onChange={(event) => setAdvice(event.target.checked)} />
                <span>I had independent legal advice on this contract (then there is no cooling-off period)</span>
              </label>
            </>
          ) : null}
          <div className={styles.actions}>
            <ActionButton type="submit" tone="gold" disabled={working}>
              {working ? 'Accepting…' : `Accept for ${formatCents(totals.totalCents)}`}
            </ActionButton>
            <button type="button" className={styles.textButton} onClick={() => setMode('declining')}>
              Decline the quote
            </button>
          </div>
        </form>
      ) : null}

      {open && mode === 'declining' ? (
        <div className={styles.field}>
          <p style={{ margin: 0 }}>Decline {title}? You can tell us why, if you like.</p>
          <label htmlFor={`${quote.id}-reason`}>Reason (optional)</label>
          <textarea
            id={`${quote.id}-reason`}
            rows={3}
            value={reason}
            maxLength={1000}
            onChange={(event) => setReason(event.target.value)}
          />
          <div className={styles.actions}>
            <ActionButton type="button" tone="dark" disabled={working} onClick={() => void decline()}>
              {working ? 'Declining…' : 'Yes, decline it'}
            </ActionButton>
            <button type="button" className={styles.textButton} onClick={() => setMode('view')}>
              No, keep the quote
            </button>
          </div>
        </div>
      ) : null}

      {/* Below the answer, so a phone's first screen reaches the Accept button. */}
      {quote.notes ? <p style={{ whiteSpace: 'pre-line', margin: 0 }}>{quote.notes}</p> : null}
      <ul className={styles.items} aria-label={`Documents of ${title}`}>
        <li>
          <a href={customerQuotePdfUrl(token, quote.id)} target="_blank" rel="noopener">
            Download {title} as a PDF
          </a>
        </li>
        {quote.insurance ? (
          <li>
            <a href={customerInsuranceUrl(token, quote.id)} target="_blank" rel="noopener">
              Domestic building insurance certificate (PDF)
            </a>
          </li>
        ) : null}
      </ul>
      {quote.status === 'accepted' && quote.acceptance ? (
        <p className={styles.outcome} role="status">
          Accepted by {quote.acceptance.name} on {dateOf(quote.acceptance.at)}: {formatCents(quote.acceptance.totals.totalCents)} incl. GST.
          Thank you!
        </p>
      ) : null}
      {coolingOff ? (
        <div className={styles.field}>
          <p style={{ margin: 0 }}>You can withdraw until {until(coolingOff)}.</p>
          <div className={styles.actions}>
            <button type="button" className={styles.textButton} onClick={() => setWithdrawing(true)}>
              Withdraw from this contract
            </button>
          </div>
          <WithdrawDialog
            open={withdrawing}
            token={token}
            quote={quote}
            until={until(coolingOff)}
            unreachable={unreachable}
            onClose={() => setWithdrawing(false)}
            onWithdrawn={(withdrawn) => {
              setWithdrawing(false);
              onChange(withdrawn);
            }}
          />
        </div>
      ) : null}
      {quote.status === 'withdrawn' && quote.withdrawal ? (
        <p className={styles.outcome} role="status">
          You withdrew from this contract on {dateOf(quote.withdrawal.at)} (notice given by {quote.withdrawal.name}).{' '}
          {quote.withdrawal.refundedAt
            ? `We refunded ${formatCents(quote.withdrawal.refundDueCents)} on ${dateOf(quote.withdrawal.refundedAt)}.`
            : quote.withdrawal.refundDueCents > 0
              ? `We will refund ${formatCents(quote.withdrawal.refundDueCents)}: what you paid less the ${keep} we may keep.`
              : 'Nothing is due back to you.'}
        </p>
      ) : null}
      {quote.status === 'declined' ? (
        <p className={styles.outcome} role="status">
          You declined this quote{quote.declined ? ` on ${dateOf(quote.declined.at)}` : ''}
          {quote.declined?.reason ? `: “${quote.declined.reason}”` : ''}. Thank you for letting us know.
        </p>
      ) : null}

      {quote.status === 'accepted' && quote.deposit ? (
        <section className={styles.field} aria-label={`Deposit on ${title}`}>
          <h3 className={styles.subheading}>Deposit: {formatCents(quote.deposit.cents)}</h3>
          {quote.deposit.status === 'paid' ? (
            <p className={styles.outcome}>Deposit paid{quote.deposit.paidAt ? ` on ${dateOf(quote.deposit.paidAt)}` : ''}. Thank you!</p>
          ) : (
            <>
              {quote.deposit.status === 'pending' ? (
                <p className={styles.muted}>Deposit pending: we will confirm here once it has arrived.</p>
              ) : null}
              {quote.deposit.status === 'failed' ? (
                <p className={styles.error}>The card payment did not go through. Please try again.</p>
              ) : null}
              <p className={styles.muted}>{quote.deposit.percent}% of the accepted total.</p>
              {quote.insuranceRequired ? (
                <p className={styles.outcome}>{quoteAnswerMessages.insuranceFirst(brand)}</p>
              ) : quote.bankTransfer || depositMethods.card ? (
                <>
                  {depositMethods.card ? (
                    <div className={styles.actions}>
                      <ActionButton type="button" tone="gold" disabled={working} onClick={() => void payDeposit()}>
                        Pay the deposit by card
                      </ActionButton>
                    </div>
                  ) : null}
                  {quote.bankTransfer ? <BankTransfer transfer={quote.bankTransfer} /> : null}
                </>
              ) : (
                <p>We will be in touch about the deposit.</p>
              )}
            </>
          )}
        </section>
      ) : null}

      {problem ? (
        <p role="alert" className={styles.error}>
          {problem}
        </p>
      ) : null}
    </article>
  );
}
