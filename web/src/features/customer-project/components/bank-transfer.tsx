import { formatCents, type DepositBankTransfer } from '@site/domain';
import { useState } from 'react';
import { formatWeekdayDate } from '#web/lib/dates.ts';
import styles from './customer-project.module.css';

/** "Monday 7 December 2026": the day the deposit is due by, in Melbourne. */
const dueDay = formatWeekdayDate;

/** A BSB as banks print it: 063-182. */
const bsbOf = (digits: string) => (/^\d{6}$/.test(digits) ? `${digits.slice(0, 3)}-${digits.slice(3)}` : digits);

/**
 * Where to transfer an accepted quote's deposit, shown as soon as it is accepted: each detail a
 * banking app asks for with a Copy button (a phone user pastes rather than retypes an account
 * number), the amount and the day it is due by.
 */
export function BankTransfer({ transfer }: { transfer: DepositBankTransfer }) {
  const [copied, setCopied] = useState('');

  const copy = async (label: string, value: string) => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(`Copied the ${label}`);
    } catch {
      setCopied(`Copying is not available here: select the ${label} to copy it`);
    }
  };

  const row = (label: string, shown: string, value: string) => (
    <div className={styles.bankRow}>
      <dt>{label.charAt(0).toUpperCase() + label.slice(1)}</dt>
      <dd>
        <span className={styles.bankValue}>{shown}</span>
        <button type="button" className={styles.copyButton} aria-label={`Copy ${label}`} onClick={() => void copy(label, value)}>
          Copy
        </button>
      </dd>
    </div>
  );

  return (
    <div className={styles.bank}>
      <p className={styles.bankTitle}>Pay by bank transfer</p>
      <dl className={styles.bankDetails} aria-label="Bank transfer details">
        {row('account name', transfer.accountName, transfer.accountName)}
        {/* Copied as the 6 digits: some banking apps refuse the hyphen. */}
        {row('BSB', bsbOf(transfer.bsb), transfer.bsb)}
        {row('account number', transfer.accountNumber, transfer.accountNumber)}
        {row('reference', transfer.reference, transfer.reference)}
        <div className={styles.bankRow}>
          <dt>Amount</dt>
          <dd>
            <span className={styles.bankValue}>{formatCents(transfer.amountCents)}</span>
          </dd>
        </div>
      </dl>
      {transfer.dueAt ? <p className={styles.bankDue}>Due by {dueDay(transfer.dueAt)}</p> : null}
      <p role="status" className={styles.muted}>
        {copied}
      </p>
    </div>
  );
}
