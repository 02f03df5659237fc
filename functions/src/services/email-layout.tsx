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

const ink = '#1f2933';
const muted = '#52606d';
const font = 'Arial,Helvetica,sans-serif';
const paragraph = { fontFamily: font, fontSize: '15px', lineHeight: '1.5', color: ink, margin: '0 0 16px' };

/** One labelled value of a staff alert, linked when it has an address (tel:, mailto:, the dashboard). */
export interface EmailField {
  label: string;
  value: string;
  href?: string;
}

export interface StaffAlertLayout {
  preheader: string;
  intro: string;
  fields: EmailField[];
  link: string;
}

export interface CustomerEmailLayout {
  preheader: string;
  greeting: string;
  body: string;
  action?: { label: string; url: string };
  signature: { brand: string; phone: string; phoneHref: string; email: string; address: string; siteUrl: string };
  unsubscribe?: { line: string; url: string };
}

function Layout({ preheader, children }: { preheader: string; children: ReactNode }) {
  return (
    <Html lang="en-AU">
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
      </Head>
      <Body style={{ backgroundColor: '#ffffff', margin: 0, padding: '16px 0' }}>
        <Preview>{preheader}</Preview>
        <Container style={{ maxWidth: '600px', padding: '0 16px' }}>{children}</Container>
      </Body>
    </Html>
  );
}

function CallToAction({ label, url }: { label: string; url: string }) {
  return (
    <Button
      href={url}
      style={{ backgroundColor: ink, color: '#ffffff', fontFamily: font, fontSize: '15px', borderRadius: '4px', padding: '10px 18px' }}
    >
      {label}
    </Button>
  );
}

export function StaffAlert({ preheader, intro, fields, link }: StaffAlertLayout) {
  return (
    <Layout preheader={preheader}>
      <Text style={paragraph}>{intro}</Text>
      <table role="presentation" cellSpacing={0} cellPadding={0} style={{ fontFamily: font, fontSize: '15px', color: ink }}>
        <tbody>
          {fields.map((field) => (
            <tr key={field.label}>
              <th align="left" style={{ padding: '4px 12px 4px 0', verticalAlign: 'top' }}>
                {field.label}
              </th>
              <td style={{ padding: '4px 0', whiteSpace: 'pre-wrap' }}>
                {field.href ? <Link href={field.href}>{field.value}</Link> : field.value}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Text style={{ ...paragraph, margin: '16px 0' }}>
        <CallToAction label="Open it in the dashboard" url={link} />
      </Text>
    </Layout>
  );
}

export function CustomerEmail({ preheader, greeting, body, action, signature, unsubscribe }: CustomerEmailLayout) {
  return (
    <Layout preheader={preheader}>
      <Text style={paragraph}>{greeting}</Text>
      <Text style={paragraph}>{body}</Text>
      {action && (
        <Text style={paragraph}>
          <CallToAction label={action.label} url={action.url} />
        </Text>
      )}
      <Text style={paragraph}>
        Kind regards,
        <br />
        {signature.brand}
        <br />
        <Link href={`tel:${signature.phoneHref}`}>{signature.phone}</Link>
        <br />
        <Link href={`mailto:${signature.email}`}>{signature.email}</Link>
        <br />
        {signature.address}
        <br />
        <Link href={signature.siteUrl}>{signature.siteUrl}</Link>
      </Text>
      {unsubscribe && (
        <Text style={{ ...paragraph, fontSize: '13px', color: muted }}>
          {unsubscribe.line} <Link href={unsubscribe.url}>Unsubscribe</Link>
        </Text>
      )}
    </Layout>
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

/** The HTML part of a staff alert (a new lead, a follow-up reminder). */
export function staffAlertHtml({ preheader, intro, fields, link }: StaffAlertLayout): string {
  const shape = fields.map((field) => (field.href ? 'l' : 't')).join('');
  const markup = template(`staff:${shape}`, () => (
    <StaffAlert
      preheader={slot('preheader')}
      intro={slot('intro')}
      link={slot('link')}
      fields={fields.map((field, i) => ({ label: slot(`label${i}`), value: slot(`value${i}`), href: field.href && slot(`href${i}`) }))}
    />
  ));
  const values: Record<string, string> = { intro, link };
  fields.forEach((field, i) => {
    values[`label${i}`] = field.label;
    values[`value${i}`] = field.value;
    if (field.href) values[`href${i}`] = field.href;
  });
  return fill(markup, values, preheader);
}

/** The HTML part of an email to a customer. */
export function customerEmailHtml({ preheader, greeting, body, action, signature, unsubscribe }: CustomerEmailLayout): string {
  const markup = template(`customer:${action ? 'action' : ''}:${unsubscribe ? 'unsubscribe' : ''}`, () => (
    <CustomerEmail
      preheader={slot('preheader')}
      greeting={slot('greeting')}
      body={slot('body')}
      action={action && { label: slot('actionLabel'), url: slot('actionUrl') }}
      signature={{
        brand: slot('brand'),
        phone: slot('phone'),
        phoneHref: slot('phoneHref'),
        email: slot('email'),
        address: slot('address'),
        siteUrl: slot('siteUrl'),
      }}
      unsubscribe={unsubscribe && { line: slot('unsubscribeLine'), url: slot('unsubscribeUrl') }}
    />
  ));
  return fill(
    markup,
    {
      greeting,
      body,
      ...signature,
      ...(action ? { actionLabel: action.label, actionUrl: action.url } : {}),
      ...(unsubscribe ? { unsubscribeLine: unsubscribe.line, unsubscribeUrl: unsubscribe.url } : {}),
    },
    preheader,
  );
}
