import type { Inquiry, PrivacyRecords, QuoteRequest, Review } from '@site/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { answerRequests, type Answer } from '#web-test/api.ts';
import { renderWithProviders } from '#web-test/render.tsx';
import { PrivacyTab } from './privacy-tab';

const at = '2026-03-02T03:04:00.000Z';
const inquiry: Inquiry = {
  id: 'inq-1',
  rooms: ['kitchen'],
  budget: '15000-30000',
  timeline: '3-months',
  firstName: 'Mia',
  lastName: 'Lee',
  email: 'mia.lee@example.com',
  phone: '0412 345 678',
  createdAt: at,
  status: 'won',
  history: [],
  updatedAt: at,
  channel: 'Direct',
  marketingConsent: true,
  marketingConsentAt: at,
};
const quote: QuoteRequest = {
  id: 'q-1',
  firstName: 'Mia',
  lastName: 'Lee',
  email: 'mia.lee@example.com',
  suburb: 'Richmond',
  room: 'Kitchen',
  createdAt: at,
  status: 'new',
  history: [],
  updatedAt: at,
  channel: 'Direct',
  marketingConsent: false,
};
const review = { id: 'r-1', customerName: 'Mia Lee', rating: 5, reviewText: 'Lovely work', approved: true, createdAt: at } as Review;

const found: PrivacyRecords = {
  lookup: { email: 'mia.lee@example.com' },
  generatedAt: at,
  inquiries: [inquiry],
  quoteRequests: [quote],
  reviews: [review],
  messages: [
    {
      id: 'inq-1-1',
      leadKind: 'inquiry',
      leadId: 'inq-1',
      channel: 'email',
      audience: 'customer',
      to: 'mia.lee@example.com',
      subject: 'Thanks for your inquiry',
      status: 'sent',
      attempts: 1,
      createdAt: at,
    },
  ],
  files: [],
  reviewRequests: [],
  notes: ['Visitor records hold no names, emails or phone numbers.'],
};
const none: PrivacyRecords = { ...found, inquiries: [], quoteRequests: [], reviews: [], messages: [] };

function renderTab() {
  const { user } = renderWithProviders(<PrivacyTab />);
  return user;
}

describe('the Privacy tab', () => {
  test('lists every record about an email address, with an export link and a note on what cannot be matched', async () => {
    const requests = answerRequests((): Answer => ({ status: 200, body: found }));
    const user = renderTab();
    await user.type(screen.getByRole('textbox', { name: 'Email address or phone number' }), ' mia.lee@example.com ');
    await user.click(screen.getByRole('button', { name: 'Find records' }));

    expect(await screen.findByText('Found 1 inquiry, 1 quote request, 1 review, 1 message, 0 files.')).toBeVisible();
    expect(requests.map(({ url }) => url)).toEqual(['/api/privacy/records?email=mia.lee%40example.com']);
    const inquiries = screen.getByRole('region', { name: 'Inquiries (1)' });
    expect(within(inquiries).getByText('Mia Lee · mia.lee@example.com · 0412 345 678')).toBeVisible();
    expect(within(inquiries).getByText(/won · agreed to marketing$/)).toBeVisible();
    expect(within(screen.getByRole('region', { name: 'Quote requests (1)' })).getByText(/Richmond/)).toBeVisible();
    expect(within(screen.getByRole('region', { name: 'Reviews (1)' })).getByText('Mia Lee · 5 stars')).toBeVisible();
    expect(
      within(screen.getByRole('region', { name: 'Messages (1)' })).getByText('Email to mia.lee@example.com: Thanks for your inquiry'),
    ).toBeVisible();
    expect(within(screen.getByRole('region', { name: 'Files (0)' })).getByText('None')).toBeVisible();
    expect(screen.getByText('Visitor records hold no names, emails or phone numbers.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Export JSON' })).toHaveAttribute('href', '/api/privacy/export?email=mia.lee%40example.com');
  });

  test('looks up anything without an @ as a phone number, and shows the server’s message for a bad one', async () => {
    const requests = answerRequests(({ url }): Answer =>
      url.includes('phone=12')
        ? { status: 400, body: { message: 'Please enter a valid phone number', errors: { phone: 'Please enter a valid phone number' } } }
        : { status: 200, body: none },
    );
    const user = renderTab();
    const field = screen.getByRole('textbox', { name: 'Email address or phone number' });
    await user.type(field, '12');
    await user.click(screen.getByRole('button', { name: 'Find records' }));
    expect(await screen.findByText('Please enter a valid phone number')).toBeVisible();
    expect(field).toHaveAttribute('aria-invalid', 'true');

    await user.clear(field);
    await user.type(field, '+61 412 345 678');
    await user.click(screen.getByRole('button', { name: 'Find records' }));
    expect(await screen.findByText('No records found.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Erase' })).toBeDisabled();
    expect(requests.map(({ url }) => url)).toEqual(['/api/privacy/records?phone=12', '/api/privacy/records?phone=%2B61+412+345+678']);
  });

  test('Erase asks for ERASE to be typed, sends it, and the records are read again', async () => {
    let erased = false;
    const requests = answerRequests(({ method }): Answer => {
      if (method === 'POST') {
        erased = true;
        return { status: 200, body: { inquiries: 1, quoteRequests: 1, reviews: 1, messages: 1, files: 0, reviewRequests: 0 } };
      }
      return { status: 200, body: erased ? none : found };
    });
    const user = renderTab();
    await user.type(screen.getByRole('textbox', { name: 'Email address or phone number' }), 'mia.lee@example.com');
    await user.click(screen.getByRole('button', { name: 'Find records' }));
    await user.click(await screen.findByRole('button', { name: 'Erase' }));

    const dialog = screen.getByRole('dialog', { name: 'Erase these records?' });
    expect(dialog).toHaveTextContent('This permanently deletes 1 inquiry, 1 quote request, 1 review, 1 message, 0 files about this person');
    const erase = within(dialog).getByRole('button', { name: 'Erase' });
    expect(erase).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Type ERASE to confirm' }), 'erase');
    expect(erase).toBeDisabled();
    await user.clear(within(dialog).getByRole('textbox', { name: 'Type ERASE to confirm' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Type ERASE to confirm' }), 'ERASE');
    await user.click(erase);

    expect(await screen.findByText('Deleted 1 inquiry, 1 quote request, 1 review, 1 message, 0 files.')).toBeVisible();
    expect(await screen.findByText('No records found.')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Erase these records?' })).not.toBeInTheDocument());
    const sent = requests.find(({ method }) => method === 'POST');
    expect(sent).toEqual({ method: 'POST', url: '/api/privacy/erase', body: { email: 'mia.lee@example.com', confirm: 'ERASE' } });
  });
});
