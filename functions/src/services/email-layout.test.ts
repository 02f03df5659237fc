import { DomUtils, parseDocument } from 'htmlparser2';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Email, emailHtml, emailText, renderEmail, type EmailBusiness, type EmailLayout } from './email-layout';

const doctype = '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';
/** What React itself makes of a layout with these values: the filled templates must be exactly this. */
const reactRender = (layout: EmailLayout) => doctype + renderToStaticMarkup(createElement(Email, layout));
type Node = ReturnType<typeof parseDocument>;
type Element = ReturnType<typeof DomUtils.findAll>[number];

/** The email as a mail client's HTML view reads it. */
const parsed = (html: string) => parseDocument(html, { decodeEntities: true });
const all = (root: Node | Element, test: (element: Element) => boolean) => DomUtils.findAll(test, [root]);
const tag =
  (name: string, attributes: Record<string, string> = {}) =>
  (element: Element) =>
    element.name === name && Object.entries(attributes).every(([key, value]) => element.attribs[key] === value);
const text = (node: Node | Element) => DomUtils.textContent(node);
/** The nearest enclosing element named `name`. */
function closest(element: Element | undefined, name: string): Element | undefined {
  let node = element?.parent;
  while (node && !(DomUtils.isTag(node) && node.name === name)) node = node.parent;
  return node && DomUtils.isTag(node) ? node : undefined;
}

// Text a customer may type: markup, quotes, ampersands, and a name with an apostrophe.
const hostile = `O'Brien & <b>"Sons"</b> <script>alert(1)</script>`;

const business: EmailBusiness = {
  brand: 'Renovations & Co of the Inner North Melbourne',
  phone: '(03) 9000 0000',
  phoneHref: '+61390000000',
  email: 'hello@renovations.example',
  abn: '51 824 753 556',
  address: '1 High St, Northcote VIC 3070',
  siteUrl: 'https://renovations.example',
};

const booking: EmailLayout = {
  preheader: 'Thank you for booking a free kitchen measure.',
  heading: 'Your free kitchen measure: Thursday 3 December at 10:00 am',
  paragraphs: [`Hi ${hostile},`, 'Thank you for booking a free kitchen measure.'],
  summary: [
    { label: 'What', value: 'Kitchen measure' },
    { label: 'When', value: 'Thursday 3 December 2026, 10:00 am (60 minutes)' },
    { label: 'Where', value: `14 Smith Street, Northcote 3070` },
  ],
  action: { label: 'Move or cancel your visit', url: 'https://renovations.example/book/manage?t=a&b="c"' },
  signOff: 'Kind regards,',
  business: { ...business, logoUrl: 'https://renovations.example/objects/brand/logo-1-640x160.png' },
};

describe('the email layout', () => {
  it('shows the logo with the brand as its alt text, linked to the site; without a logo, the brand as a wordmark', () => {
    const images = all(parsed(emailHtml(booking)), tag('img'));
    expect(images.map((img) => [img.attribs.src, img.attribs.alt])).toEqual([
      ['https://renovations.example/objects/brand/logo-1-640x160.png', business.brand],
    ]);
    expect(closest(images[0], 'a')?.attribs.href).toBe('https://renovations.example');

    const wordmark = parsed(emailHtml({ ...booking, business }));
    expect(all(wordmark, tag('img'))).toEqual([]);
    expect(text(all(wordmark, tag('a', { href: 'https://renovations.example' }))[0])).toBe(business.brand);
  });

  it('is a document in Australian English with the subject as its title and one h1', () => {
    const doc = parsed(emailHtml(booking));
    expect(all(doc, tag('html')).map((html) => html.attribs.lang)).toEqual(['en-AU']);
    expect(all(doc, tag('title')).map(text)).toEqual([booking.heading]);
    expect(all(doc, tag('h1')).map(text)).toEqual([booking.heading]);
    // Styles are inline only, and nothing is linked from the head: mail clients drop style sheets and links.
    expect(all(doc, (element) => ['link', 'style', 'script'].includes(element.name))).toEqual([]);
  });

  it('lays the summary block out as rows of a header and a value, linked when the row has an address', () => {
    const doc = parsed(
      emailHtml({ ...booking, summary: [...booking.summary, { label: 'Phone', value: '0400 123 456', href: 'tel:+61400123456' }] }),
    );
    const rows = all(doc, tag('th', { scope: 'row' })).map((th) => closest(th, 'tr') as Element);
    expect(rows.map((row) => all(row, (cell) => cell.name === 'th' || cell.name === 'td').map(text))).toEqual([
      ['What', 'Kitchen measure'],
      ['When', 'Thursday 3 December 2026, 10:00 am (60 minutes)'],
      ['Where', '14 Smith Street, Northcote 3070'],
      ['Phone', '0400 123 456'],
    ]);
    expect(all(rows[3], tag('a')).map((a) => a.attribs.href)).toEqual(['tel:+61400123456']);
    expect(all(rows[0], tag('a'))).toEqual([]);
  });

  it('has one button, the main link, and none when the email has no main link', () => {
    const links = all(parsed(emailHtml(booking)), tag('a'));
    const buttons = links.filter((link) => text(link).includes('Move or cancel your visit'));
    expect(buttons.map((button) => button.attribs.href)).toEqual(['https://renovations.example/book/manage?t=a&b="c"']);
    expect(links.filter((link) => link.attribs.href === booking.action?.url)).toHaveLength(1);

    const withoutButton = emailHtml({ ...booking, action: undefined });
    expect(all(parsed(withoutButton), tag('a')).map((link) => link.attribs.href)).not.toContain(booking.action?.url);
    expect(withoutButton).not.toContain('<!--[if mso]>');
  });

  it('ends with the business’s contact details: name, address, phone and email links, ABN, site', () => {
    const doc = parsed(emailHtml(booking));
    const footer = closest(all(doc, tag('a', { href: 'tel:+61390000000' }))[0], 'td') as Element;
    expect(text(footer)).toBe(
      `${business.brand}Phone (03) 9000 0000 · Email hello@renovations.exampleABN 51 824 753 5561 High St, Northcote VIC 3070https://renovations.example`,
    );
    expect(all(footer, tag('a', { href: 'mailto:hello@renovations.example' })).map(text)).toEqual(['hello@renovations.example']);

    expect(text(parsed(emailHtml({ ...booking, business: { ...booking.business, abn: undefined } })))).not.toContain('ABN');
  });

  it('escapes what customers typed, in text and in addresses', () => {
    const html = emailHtml(booking);
    expect(html).not.toContain('<script>');
    expect(html).toContain('O&#x27;Brien &amp; &lt;b&gt;&quot;Sons&quot;&lt;/b&gt;');
    expect(text(parsed(html))).toContain(`Hi ${hostile},`);
  });

  it('says the same in its text part, in the same order', () => {
    expect(emailText({ ...booking, summary: [...booking.summary, { label: 'Phone', value: '0400 123 456', href: 'tel:+61400123456' }] }))
      .toBe(`Hi ${hostile},

Thank you for booking a free kitchen measure.

What: Kitchen measure
When: Thursday 3 December 2026, 10:00 am (60 minutes)
Where: 14 Smith Street, Northcote 3070
Phone: 0400 123 456 (tel:+61400123456)

Move or cancel your visit: https://renovations.example/book/manage?t=a&b="c"

Kind regards,
Renovations & Co of the Inner North Melbourne
(03) 9000 0000
hello@renovations.example
ABN 51 824 753 556
1 High St, Northcote VIC 3070
https://renovations.example`);
    const staff = emailText({
      preheader: 'A new lead',
      heading: 'New lead',
      paragraphs: ['New lead, received today.'],
      summary: [
        { label: 'Email', value: 'ava@example.com', href: 'mailto:ava@example.com' },
        { label: 'Files', value: 'plan.pdf', href: 'https://renovations.example/admin?tab=quotes' },
      ],
      action: { label: 'Open it in the dashboard', url: 'https://renovations.example/admin' },
      business: { ...business, abn: undefined },
      unsubscribe: { line: 'No more?', url: 'https://renovations.example/unsubscribe?t=x' },
    });
    expect(staff.split('\n\n')).toEqual([
      'New lead, received today.',
      'Email: ava@example.com\nFiles: plan.pdf https://renovations.example/admin?tab=quotes',
      'Open it in the dashboard: https://renovations.example/admin',
      `${business.brand}\n(03) 9000 0000\nhello@renovations.example\n1 High St, Northcote VIC 3070\nhttps://renovations.example`,
      'No more? https://renovations.example/unsubscribe?t=x',
    ]);
  });

  it('fills each shape exactly as React renders it, values escaped, and reuses a shape with other values', () => {
    const shapes: EmailLayout[] = [
      booking,
      // Longer than the 150 characters mail clients are shown: cut as React Email's Preview cuts it.
      { ...booking, preheader: `Thanks ${hostile}, `.repeat(8) },
      { ...booking, business, action: undefined, signOff: undefined, summary: [] },
      {
        ...booking,
        paragraphs: ['One', 'Two', 'Three'],
        summary: [{ label: hostile, value: `${hostile}\nsecond line`, href: 'mailto:ava@example.com?subject=a&b="c"' }],
        unsubscribe: { line: 'No more emails like this?', url: 'https://example.com/unsubscribe?t="x"' },
      },
    ];
    for (const layout of shapes) {
      expect(emailHtml(layout)).toBe(reactRender(layout));
      const other = { ...layout, heading: `${layout.heading}!`, paragraphs: layout.paragraphs.map((text) => `${text}?`) };
      expect(emailHtml(other)).toBe(reactRender(other));
    }
    expect(renderEmail(booking)).toEqual({ html: emailHtml(booking), text: emailText(booking) });
  });
});
