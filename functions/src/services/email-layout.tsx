// The HTML part of every email, laid out with React Email's components: a head with the charset,
// the viewport and no automatic reformatting on Apple devices, a hidden preheader (the line mail
// clients show after the subject), a 600 px column, and a call to action drawn as a button that
// Outlook's Word engine renders too (React Email's Button pads it with MSO conditional markup).
// Every value goes in as a React child or attribute, so customers' text is escaped as text.
//
// The markup is made with react-dom/server's renderToStaticMarkup, which is what React Email's
// own `render` wraps, because message drafts are built synchronously inside the store's
// transaction that records the lead (services/lead-messages.ts); `render` is async.
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
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

function StaffAlert({ preheader, intro, fields, link }: StaffAlertLayout) {
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

function CustomerEmail({ preheader, greeting, body, action, signature, unsubscribe }: CustomerEmailLayout) {
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

const render = (element: ReactNode) => doctype + renderToStaticMarkup(element);

/** The HTML part of a staff alert (a new lead, a follow-up reminder). */
export const staffAlertHtml = (layout: StaffAlertLayout) => render(<StaffAlert {...layout} />);

/** The HTML part of an email to a customer. */
export const customerEmailHtml = (layout: CustomerEmailLayout) => render(<CustomerEmail {...layout} />);
