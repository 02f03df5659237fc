import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  CustomerEmail,
  customerEmailHtml,
  StaffAlert,
  staffAlertHtml,
  type CustomerEmailLayout,
  type StaffAlertLayout,
} from './email-layout';

const doctype = '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';
/** What React itself makes of a layout with these values: the filled templates must be exactly this. */
const reactRender = (element: Parameters<typeof renderToStaticMarkup>[0]) => doctype + renderToStaticMarkup(element);

// Text a customer may type: markup, quotes, ampersands, and a name with an apostrophe.
const hostile = `O'Brien & <b>"Sons"</b> <script>alert(1)</script>`;

describe('email layouts', () => {
  it('fill a staff alert exactly as React renders it, values escaped, fields with and without links', () => {
    const alert: StaffAlertLayout = {
      preheader: `New inquiry from ${hostile}`,
      intro: `A new project inquiry from ${hostile}.`,
      fields: [
        { label: 'Name', value: hostile },
        { label: 'Email', value: 'ava@example.com', href: 'mailto:ava@example.com?subject=a&b="c"' },
        { label: 'Rooms', value: 'Kitchen, bathroom' },
      ],
      link: 'https://example.com/admin?tab=leads&lead=1',
    };
    const html = staffAlertHtml(alert);
    expect(html).toBe(reactRender(createElement(StaffAlert, alert)));
    expect(html).not.toContain('<script>');
    expect(html).toContain('O&#x27;Brien &amp; &lt;b&gt;&quot;Sons&quot;&lt;/b&gt;');
    // A second alert of the same shape reuses the layout with its own values.
    const other = { ...alert, intro: 'Another one', fields: alert.fields.map((field) => ({ ...field, value: `${field.value}!` })) };
    expect(staffAlertHtml(other)).toBe(reactRender(createElement(StaffAlert, other)));
  });

  it('fill a customer email exactly as React renders it, with and without its button and unsubscribe line', () => {
    const base: CustomerEmailLayout = {
      // Longer than the 150 characters mail clients are shown: cut as React Email's Preview cuts it.
      preheader: `Thanks ${hostile}, `.repeat(8),
      greeting: `Hi ${hostile},`,
      body: 'We have your inquiry & will call within one business day.',
      signature: {
        brand: 'Renovations & Co',
        phone: '03 9000 0000',
        phoneHref: 'tel:+61390000000',
        email: 'hello@example.com',
        address: '1 High St, Northcote VIC 3070',
        siteUrl: 'https://example.com',
      },
    };
    const shapes: CustomerEmailLayout[] = [
      base,
      { ...base, action: { label: 'Write a review', url: 'https://example.com/review?t=a&b=c' } },
      { ...base, unsubscribe: { line: 'No more emails like this?', url: 'https://example.com/unsubscribe?t="x"' } },
      {
        ...base,
        preheader: 'Short',
        action: { label: 'Go', url: 'https://example.com/' },
        unsubscribe: { line: 'Stop', url: 'https://example.com/u' },
      },
    ];
    for (const email of shapes) expect(customerEmailHtml(email)).toBe(reactRender(createElement(CustomerEmail, email)));
  });
});
