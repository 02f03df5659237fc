// The HTML part of every email, laid out with React Email's components: a head with the charset,
// the viewport and no automatic reformatting on Apple devices, a hidden preheader (the line mail
// clients show after the subject), a 600 px column, and a call to action drawn as a button that
// Outlook's Word engine renders too (React Email's Button pads it with MSO conditional markup).
// Every value goes in as a React child or attribute, so customers' text is escaped as text.
//
// The markup is made with react-dom/server's renderToStaticMarkup, which is what React Email's
// own `render` wraps, because message drafts are built synchronously inside the store's
// transaction that records the lead (services/lead-messages.ts); `render` is async.
//
// Rendering a React tree per email cost about 0.3 ms per inquiry with React's production build
// and 0.9 ms with its development build (which `npm start` runs, with no NODE_ENV), which cut
// the embedded server's inquiry rate by more than a third. So each layout is rendered once per
// shape (how many fields, which are links, whether there is a button or an unsubscribe line)
// with markers where the values go, and each email fills in its values, escaped as React
// escapes text and attributes.
// The HTML and text parts of every email the site sends, customers' and staff's, from one layout:
// the business's logo (or its name as a wordmark), a heading, the message, a summary block of
// what the email is about (what, when, where, how much: whichever apply), at most one button
// (the email's main link), and the business's contact details at the foot. The HTML is a
// 600 px table column with inline styles only (no external CSS, which mail clients drop), lang
// set, the logo with its alt text, a real h1 and the summary as a table with row headers; the
// button is React Email's, padded for Outlook's Word engine. The text part says the same in
// the same order (the heading is the subject, which every client shows above it).
//
// The markup is made with react-dom/server's renderToStaticMarkup, which is what React Email's
// own `render` wraps, because message drafts are built synchronously inside the store's
// transaction that records the lead (services/lead-messages.ts); `render` is async.
//
// Rendering a React tree per email cost about 0.3 ms per inquiry with React's production build
// and 0.9 ms with its development build (which `npm start` runs, with no NODE_ENV), which cut
// the embedded server's inquiry rate by more than a third. So each layout is rendered once per
// shape (how many paragraphs and summary rows, which rows are links, whether there is a logo,
// an ABN, a button, a sign-off or an unsubscribe line) with markers where the values go, and
// each email fills in its values, escaped as React escapes text and attributes.
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview, renderWhiteSpace } from '@react-email/preview';
import { Text } from '@react-email/text';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { EmailBusiness, EmailField, EmailLayout } from '../ports/email-layout';

const ink = '#1f2933';
const muted = '#52606d';
const rule = '#d9e2ec';
const font = 'Arial,Helvetica,sans-serif';
const paragraph = { fontFamily: font, fontSize: '15px', lineHeight: '1.5', color: ink, margin: '0 0 16px' };

export type { EmailBusiness, EmailField, EmailLayout };

/** The summary block: a table of row headers and values (a value may run to several lines, as the digest's do). */
function Summary({ rows }: { rows: EmailField[] }) {
  return (
    <table
      cellSpacing={0}
      cellPadding={0}
      width="100%"
      style={{
        fontFamily: font,
        fontSize: '15px',
        lineHeight: '1.5',
        color: ink,
        borderTop: `1px solid ${rule}`,
        borderBottom: `1px solid ${rule}`,
        margin: '0 0 20px',
      }}
    >
      <tbody>
        {rows.map((row, i) => (
          <tr key={i}>
            <th
              scope="row"
              align="left"
              style={{ padding: '8px 12px 8px 0', verticalAlign: 'top', fontWeight: 'bold', width: '30%', color: muted }}
            >
              {row.label}
            </th>
            <td style={{ padding: '8px 0', verticalAlign: 'top', whiteSpace: 'pre-wrap' }}>
              {row.href ? (
                <Link href={row.href} style={{ color: ink, textDecorationLine: 'underline' }}>
                  {row.value}
                </Link>
              ) : (
                row.value
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Masthead({ business }: { business: EmailBusiness }) {
  return (
    <table role="presentation" cellSpacing={0} cellPadding={0} width="100%" style={{ margin: '0 0 24px' }}>
      <tbody>
        <tr>
          <td style={{ padding: '0 0 12px', borderBottom: `2px solid ${ink}` }}>
            <a href={business.siteUrl} style={{ color: ink, textDecoration: 'none' }}>
              {business.logoUrl ? (
                // fetchPriority low: React would otherwise put a preload <link> for it in the head.
                <img
                  fetchPriority="low"
                  src={business.logoUrl}
                  alt={business.brand}
                  height={48}
                  style={{ display: 'block', height: '48px', width: 'auto', maxWidth: '100%', border: 0 }}
                />
              ) : (
                <span style={{ fontFamily: font, fontSize: '20px', lineHeight: '1.3', fontWeight: 'bold', color: ink }}>
                  {business.brand}
                </span>
              )}
            </a>
          </td>
        </tr>
      </tbody>
    </table>
  );
}

function ContactFooter({ business }: { business: EmailBusiness }) {
  const small = { ...paragraph, fontSize: '13px', color: muted, margin: '0 0 4px' };
  const link = { color: muted, textDecorationLine: 'underline' };
  return (
    <table role="presentation" cellSpacing={0} cellPadding={0} width="100%" style={{ margin: '24px 0 0' }}>
      <tbody>
        <tr>
          <td style={{ padding: '12px 0 0', borderTop: `1px solid ${rule}` }}>
            <Text style={{ ...small, fontWeight: 'bold' }}>{business.brand}</Text>
            <Text style={small}>
              Phone{' '}
              <Link href={`tel:${business.phoneHref}`} style={link}>
                {business.phone}
              </Link>
              {' · '}Email{' '}
              <Link href={`mailto:${business.email}`} style={link}>
                {business.email}
              </Link>
            </Text>
            {business.abn && <Text style={small}>ABN {business.abn}</Text>}
            <Text style={small}>{business.address}</Text>
            <Text style={small}>
              <Link href={business.siteUrl} style={link}>
                {business.siteUrl}
              </Link>
            </Text>
          </td>
        </tr>
      </tbody>
    </table>
  );
}

/** The layout every email's HTML part is. */
export function Email({ preheader, heading, paragraphs, summary, action, signOff, business, unsubscribe }: EmailLayout) {
  return (
    <Html lang="en-AU" dir="ltr">
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{heading}</title>
      </Head>
      <Body style={{ backgroundColor: '#ffffff', margin: 0, padding: '16px 0' }}>
        <Preview>{preheader}</Preview>
        <Container style={{ maxWidth: '600px', padding: '0 16px' }}>
          <Masthead business={business} />
          <h1 style={{ fontFamily: font, fontSize: '22px', lineHeight: '1.3', color: ink, margin: '0 0 16px' }}>{heading}</h1>
          {paragraphs.map((text, i) => (
            <Text key={i} style={{ ...paragraph, whiteSpace: 'pre-wrap' }}>
              {text}
            </Text>
          ))}
          {summary.length > 0 && <Summary rows={summary} />}
          {action && (
            <Text style={{ ...paragraph, margin: '0 0 20px' }}>
              <Button
                href={action.url}
                style={{
                  backgroundColor: ink,
                  color: '#ffffff',
                  fontFamily: font,
                  fontSize: '15px',
                  fontWeight: 'bold',
                  borderRadius: '4px',
                  padding: '12px 20px',
                }}
              >
                {action.label}
              </Button>
            </Text>
          )}
          {signOff && (
            <Text style={paragraph}>
              {signOff}
              <br />
              {business.brand}
            </Text>
          )}
          <ContactFooter business={business} />
          {unsubscribe && (
            <Text style={{ ...paragraph, fontSize: '13px', color: muted, margin: '12px 0 0' }}>
              {unsubscribe.line}{' '}
              <Link href={unsubscribe.url} style={{ color: muted, textDecorationLine: 'underline' }}>
                Unsubscribe
              </Link>
            </Text>
          )}
        </Container>
      </Body>
    </Html>
  );
}

// The XHTML 1.0 Transitional doctype, as React Email's render writes it: the one Outlook and
// older webmail render in standards mode.
const doctype = '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/** Where a value goes in a rendered layout: a name between two U+2063 (invisible separator). */
const slot = (name: string) => `\u2063${name}\u2063`;
const slotPattern = /\u2063(\w+)\u2063/;

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };
/** React's escaping of text and attribute values. */
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => escapes[char]);

/** The padding React Email's Preview puts after a preheader so that clients show no body text beside it. */
const paddings = new Map<number, string>();
function previewPadding(length: number): string {
  let padding = paddings.get(length);
  if (padding === undefined) {
    const element = renderWhiteSpace('x'.repeat(length));
    padding = element ? renderToStaticMarkup(element) : '';
    paddings.set(length, padding);
  }
  return padding;
}

/** Preview shows at most this many characters of the preheader. */
const previewMaxLength = 150;

/**
 * A rendered layout cut at its slots: the text between them at even places, the slots' names
 * at odd ones, so filling it is one pass of joins rather than a search through the markup.
 */
type Template = readonly string[];
const templates = new Map<string, Template>();

/** The layout of this shape rendered once, with its preheader's padding as a slot of its own. */
function template(key: string, element: () => ReactNode): Template {
  let parts = templates.get(key);
  if (parts === undefined) {
    const rendered = doctype + renderToStaticMarkup(element());
    const preheader = slot('preheader');
    const withPadding = preheader + previewPadding(preheader.length);
    if (!rendered.includes(withPadding)) throw new Error(`The ${key} email layout has no preheader`);
    parts = rendered.replace(withPadding, preheader + slot('padding')).split(slotPattern);
    templates.set(key, parts);
  }
  return parts;
}

function fill(parts: Template, values: Record<string, string>, preheader: string): string {
  const shown = preheader.slice(0, previewMaxLength);
  let html = parts[0];
  for (let i = 1; i < parts.length; i += 2) {
    const name = parts[i];
    const value = name === 'padding' ? previewPadding(shown.length) : escapeHtml(name === 'preheader' ? shown : (values[name] ?? ''));
    html += value + parts[i + 1];
  }
  return html;
}

/** The HTML part of an email. */
export function emailHtml(layout: EmailLayout): string {
  const { paragraphs, summary, action, signOff, business, unsubscribe } = layout;
  const shape = [
    paragraphs.length,
    summary.map((row) => (row.href ? 'l' : 't')).join(''),
    business.logoUrl ? 'logo' : '',
    business.abn ? 'abn' : '',
    action ? 'action' : '',
    signOff ? 'signOff' : '',
    unsubscribe ? 'unsubscribe' : '',
  ].join(':');
  const markup = template(shape, () => (
    <Email
      preheader={slot('preheader')}
      heading={slot('heading')}
      paragraphs={paragraphs.map((_, i) => slot(`paragraph${i}`))}
      summary={summary.map((row, i) => ({ label: slot(`label${i}`), value: slot(`value${i}`), href: row.href && slot(`href${i}`) }))}
      action={action && { label: slot('actionLabel'), url: slot('actionUrl') }}
      signOff={signOff && slot('signOff')}
      business={{
        brand: slot('brand'),
        logoUrl: business.logoUrl && slot('logoUrl'),
        phone: slot('phone'),
        phoneHref: slot('phoneHref'),
        email: slot('email'),
        abn: business.abn && slot('abn'),
        address: slot('address'),
        siteUrl: slot('siteUrl'),
      }}
      unsubscribe={unsubscribe && { line: slot('unsubscribeLine'), url: slot('unsubscribeUrl') }}
    />
  ));
  const values: Record<string, string> = {
    heading: layout.heading,
    brand: business.brand,
    phone: business.phone,
    phoneHref: business.phoneHref,
    email: business.email,
    address: business.address,
    siteUrl: business.siteUrl,
  };
  if (business.logoUrl) values.logoUrl = business.logoUrl;
  if (business.abn) values.abn = business.abn;
  paragraphs.forEach((text, i) => (values[`paragraph${i}`] = text));
  summary.forEach((row, i) => {
    values[`label${i}`] = row.label;
    values[`value${i}`] = row.value;
    if (row.href) values[`href${i}`] = row.href;
  });
  if (action) Object.assign(values, { actionLabel: action.label, actionUrl: action.url });
  if (signOff) values.signOff = signOff;
  if (unsubscribe) Object.assign(values, { unsubscribeLine: unsubscribe.line, unsubscribeUrl: unsubscribe.url });
  return fill(markup, values, layout.preheader);
}

/**
 * A summary row as text: a phone link's number in its tel: form (staff tap it on a phone), a
 * web link's address after the value; an email address is its own link.
 */
function fieldText(field: EmailField): string {
  const { href } = field;
  const after = !href || href.startsWith('mailto:') ? '' : href.startsWith('tel:') ? ` (${href})` : ` ${href}`;
  return `${field.label}: ${field.value}${after}`;
}

/** The text part of an email: the same parts in the same order as its HTML. */
export function emailText({ paragraphs, summary, action, signOff, business, unsubscribe }: EmailLayout): string {
  const blocks: string[][] = [
    ...paragraphs.map((text) => [text]),
    summary.map(fieldText),
    action ? [`${action.label}: ${action.url}`] : [],
    // The sign-off runs into the contact details, as a letter's signature does.
    [
      ...(signOff ? [signOff] : []),
      business.brand,
      business.phone,
      business.email,
      ...(business.abn ? [`ABN ${business.abn}`] : []),
      business.address,
      business.siteUrl,
    ],
    unsubscribe ? [`${unsubscribe.line} ${unsubscribe.url}`] : [],
  ];
  return blocks
    .filter((block) => block.length)
    .map((block) => block.join('\n'))
    .join('\n\n');
}

/** Both parts of an email. */
export const renderEmail = (layout: EmailLayout) => ({ html: emailHtml(layout), text: emailText(layout) });
