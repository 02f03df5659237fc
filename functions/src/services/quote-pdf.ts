import {
  formatCents,
  highestTotalCents,
  isMajorWorks,
  needsInsuranceCertificate,
  quoteSections,
  quoteTotals,
  sectionSubtotalCents,
  type QuoteAcceptance,
  type QuoteTotals,
  type SiteSettings,
} from '@site/domain';
import type { QuoteRecord } from '../ports/quotes';
import { formatDate, formatDateTime } from './days';
import { abnLabel } from './lead-messages';

/** The business as the quote's letterhead prints it, and its logo's bytes when one is set. */
export interface QuoteLetterhead {
  business: SiteSettings['business'];
  logo?: Buffer;
}

/** What a major contract's PDF states beside the quote: the consumer guide, and the cooling-off notice as of `now`. */
export interface QuoteContractTerms {
  consumerGuideUrl: string;
  /** The notice as it reads for a quote not yet accepted (services/quote-shared.ts `coolingOffNotice`). */
  coolingOffNotice: string;
  /** "on Monday 1 February 2027" / "within 6 weeks of acceptance"; "8 weeks from the start". */
  dates: { start?: string; completion?: string };
}

/**
 * Whose copy: the staff's carries the acceptance record's SHA-256 (to check the stored record
 * against); the customer's leaves out a line that means nothing to them.
 */
export type QuotePdfCopy = 'customer' | 'staff';

/**
 * The quote's PDF: the letterhead (name, ABN, address, logo), the quote's number and version,
 * the customer and the job's address, its items under their sections' headings (each closed by
 * its subtotal excluding GST) with the chosen option, each alternative and its difference in
 * price, and optional items added or not, the subtotal, GST and total including GST, the
 * deposit, validity, notes and terms; once accepted, the acceptance last. The totals are those
 * of the acceptance's selection, or the defaults.
 */
export async function quotePdf(
  quote: QuoteRecord,
  letterhead: QuoteLetterhead,
  deposit: { percent: number; cents: number },
  customer: { name: string; address?: string },
  contract: QuoteContractTerms,
  copy: QuotePdfCopy,
): Promise<Buffer> {
  // pdfkit (with its fonts) loads at the first PDF, not at the server's start.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `Quote ${quote.number} version ${quote.version}` } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const { business } = letterhead;
  const width = doc.page.width - 100;

  if (letterhead.logo) {
    try {
      doc.image(letterhead.logo, 50, 45, { fit: [120, 60] });
      doc.moveDown(4);
    } catch {
      // A logo pdfkit cannot read (it takes PNG and JPEG) is left out rather than losing the quote.
    }
  }
  doc.fontSize(18).text(business.legalName ?? business.brand);
  doc.fontSize(10);
  if (business.legalName && business.legalName !== business.brand) doc.text(`Trading as ${business.brand}`);
  if (business.abn) doc.text(`ABN ${abnLabel(business.abn)}`);
  if (business.registrationNumber) doc.text(`Builder registration ${business.registrationNumber}`);
  doc.text(`${business.street}, ${business.suburb} ${business.state} ${business.postcode}`);
  doc.text(`${business.phone} · ${business.email}`);
  doc.moveDown();

  doc.fontSize(14).text(`Quote ${quote.number}, version ${quote.version}`);
  doc.fontSize(10).text(`For ${customer.name}${customer.address ? `, ${customer.address}` : ''}`);
  if (quote.sentAt) doc.text(`Issued ${formatDate(new Date(quote.sentAt))}`);
  // The date alone: past a closure it is later than the days the quote was written for.
  if (quote.validUntil) doc.text(`Valid until ${formatDate(new Date(quote.validUntil))}`);
  else doc.text(`Valid for ${quote.validDays} days from issue`);
  doc.moveDown();

  const selection = quote.acceptance?.selection ?? {};
  const totals = quote.acceptance?.totals ?? quoteTotals(quote.items, selection);
  // Major by what was accepted, or (before) by the most the customer's choices can make it.
  const major = isMajorWorks(quote.acceptance ? totals.totalCents : highestTotalCents(quote.items));
  if (major) {
    doc.font('Helvetica-Bold').text('Major domestic building contract').font('Helvetica');
    doc.text(`Site: ${quote.siteAddress ?? ''}`);
    if (contract.dates.start) doc.text(`Start: ${contract.dates.start}`);
    if (contract.dates.completion) doc.text(`Completion: ${contract.dates.completion}`);
    if (business.registrationNumber) doc.text(`Builder registration: ${business.registrationNumber} (Building Act 1993)`);
    doc.moveDown();
  }
  const row = (left: string, right: string, options: { bold?: boolean } = {}) => {
    const y = doc.y;
    doc.font(options.bold ? 'Helvetica-Bold' : 'Helvetica');
    doc.text(left, 50, y, { width: width - 110 });
    const after = doc.y;
    doc.text(right, 50 + width - 100, y, { width: 100, align: 'right' });
    doc.y = Math.max(after, doc.y);
    doc.x = 50;
    doc.font('Helvetica');
  };

  for (const section of quoteSections(quote.items)) {
    if (section.name) doc.moveDown(0.5).font('Helvetica-Bold').fontSize(12).text(section.name).fontSize(10).font('Helvetica');
    let group: string | undefined;
    for (const index of section.indexes) {
      const item = quote.items[index];
      if (item.group !== group) {
        group = item.group;
        if (group) {
          doc.moveDown(0.5).font('Helvetica-Bold').text(`Choose one: ${group}`).font('Helvetica');
        }
      }
      const line = totals.lines[index];
      const quantity = `${item.quantity}${item.unit ? ` ${item.unit}` : ''} × ${formatCents(item.unitPriceCents)}`;
      // Only what is in the total has an amount in the column, so the column adds up.
      row(`${itemLabel(quote, totals.lines, index)}\n${quantity}`, line.included ? formatCents(line.lineCents) : '');
    }
    if (section.name) row(`${section.name} subtotal (excluding GST)`, formatCents(sectionSubtotalCents(section, totals)), { bold: true });
  }
  doc.moveDown();
  row('Subtotal (excluding GST)', formatCents(totals.subtotalCents));
  row('GST (10%)', formatCents(totals.gstCents));
  row('Total including GST', formatCents(totals.totalCents), { bold: true });
  row(`Deposit (${deposit.percent}% of the total including GST)`, formatCents(deposit.cents));
  doc.moveDown();
  if (quote.notes) doc.font('Helvetica-Bold').text('Notes').font('Helvetica').text(quote.notes).moveDown();
  if (quote.terms) doc.font('Helvetica-Bold').text('Terms').font('Helvetica').text(quote.terms).moveDown();
  if (major) {
    doc.font('Helvetica-Bold').text('Domestic Building Consumer Guide').font('Helvetica');
    doc.text(`Read it before accepting: ${contract.consumerGuideUrl}`).moveDown();
    doc.font('Helvetica-Bold').text('Your right to cool off').font('Helvetica');
    if (quote.coolingOffEndsAt) {
      doc.text(
        `You may withdraw from this contract by written notice until ${formatDateTime(new Date(quote.coolingOffEndsAt))} (Melbourne time), 5 clear business days after you received this copy. The builder may keep $100 and refunds the rest of what you paid.`,
      );
    } else if (quote.acceptance?.independentLegalAdvice) {
      doc.text(
        'You had independent legal advice before accepting: the cooling-off right does not apply (Domestic Building Contracts Act 1995, s 34).',
      );
    } else {
      doc.text(contract.coolingOffNotice);
    }
    doc.moveDown();
  }
  if (needsInsuranceCertificate(totals.totalCents)) {
    doc.font('Helvetica-Bold').text('Domestic building insurance').font('Helvetica');
    doc
      .text(
        'Over $16,000 we give you the domestic building insurance certificate for your home before asking for a deposit or any other money.',
      )
      .moveDown();
  }
  if (quote.acceptance) acceptanceBlock(doc, quote, quote.acceptance, copy);
  doc.end();
  return done;
}

/**
 * An item as the customer reads it: "Chosen: Stone benchtop", "Alternative: Laminate
 * benchtop, -$2,170.00" (what choosing it instead changes, before GST), "Added: ..." or
 * "Not included (optional): ...", or the description alone.
 */
function itemLabel(quote: QuoteRecord, lines: QuoteTotals['lines'], index: number): string {
  const item = quote.items[index];
  const line = lines[index];
  if (item.group) {
    if (line.included) return `Chosen: ${item.description}`;
    const chosen = quote.items.findIndex((other, i) => other.group === item.group && lines[i].included);
    const difference = line.lineCents - (chosen >= 0 ? lines[chosen].lineCents : 0);
    return `Alternative: ${item.description}, ${difference < 0 ? '-' : '+'}${formatCents(Math.abs(difference))}`;
  }
  if (item.optional) return `${line.included ? 'Added' : 'Not included (optional)'}: ${item.description}`;
  return item.description;
}

function acceptanceBlock(doc: PDFKit.PDFDocument, quote: QuoteRecord, acceptance: QuoteAcceptance, copy: QuotePdfCopy) {
  doc.font('Helvetica-Bold').text('Acceptance').font('Helvetica');
  doc.text(`Accepted by ${acceptance.name} on ${formatDateTime(new Date(acceptance.at))} (Melbourne time).`);
  doc.text(`Reference: ${quote.number}, version ${quote.version}`);
  if (copy === 'staff') doc.text(`Record SHA-256: ${acceptance.sha256}`);
}
