import type { Inquiry, LeadAttachment, QuoteRequest, WithMessages } from '@site/domain';
import { screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeAll, describe, expect, test } from 'vitest';
import { answerRequests, type Answer } from '#web-test/api.ts';
import { renderWithProviders } from '#web-test/render.tsx';
import { InquiriesTab } from '../inquiries-tab';
import { QuoteRequestsTab } from '../quote-requests-tab';

// jsdom has <dialog> without its modal methods; these do what a browser's do to the element.
beforeAll(() => {
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});

const photo = (id: string, name: string, fields: Partial<LeadAttachment> = {}): LeadAttachment => ({
  id,
  name,
  kind: 'photo',
  contentType: 'image/jpeg',
  size: 4_200_000,
  url: `/api/attachments/${id}`,
  thumbnailUrl: `/api/attachments/${id}/thumbnail`,
  width: 2048,
  height: 1536,
  processing: 'done',
  ...fields,
});

const attachments: LeadAttachment[] = [
  photo('a1', 'kitchen-now.jpg'),
  photo('a2', 'pantry.png', { contentType: 'image/png' }),
  photo('a3', 'IMG_2041.jpg', { processing: 'pending', thumbnailUrl: undefined, width: undefined, height: undefined }),
  photo('a4', 'broken.jpg', { processing: 'failed', thumbnailUrl: undefined, width: undefined, height: undefined }),
  { id: 'a5', name: 'floor plan.pdf', kind: 'pdf', contentType: 'application/pdf', size: 2_411_725, url: '/api/attachments/a5' },
];

const inquiry = (fields: Partial<Inquiry> & Pick<Inquiry, 'id' | 'firstName'>): WithMessages<Inquiry> => ({
  lastName: 'Nguyen',
  email: 'ava@example.com',
  phone: '0400 123 456',
  rooms: ['kitchen'],
  budget: '15000-30000',
  timeline: '3-months',
  status: 'new',
  history: [],
  createdAt: '2026-03-02T03:04:00.000Z',
  updatedAt: '2026-03-02T03:04:00.000Z',
  messages: [],
  ...fields,
});

function renderTab(tab: ReactNode, url: string) {
  return renderWithProviders(tab, { url }).user;
}

describe("the customer's photos and plans on a lead card", () => {
  test('shows the thumbnails named by their files, the state of photos not ready, and the plans as links', async () => {
    answerRequests(({ url }): Answer =>
      url.startsWith('/api/project-inquiries')
        ? {
            status: 200,
            body: [inquiry({ id: 'i1', firstName: 'Ava', attachments }), inquiry({ id: 'i2', firstName: 'Ben' })],
            headers: { 'X-Total-Count': '2' },
          }
        : { status: 200, body: {} },
    );
    renderTab(<InquiriesTab />, '/admin?tab=inquiries');
    const card = await screen.findByRole('article', { name: 'Ava Nguyen' });
    const section = within(card).getByRole('region', { name: 'Photos and plans' });

    const thumbnails = within(section).getAllByRole('img');
    expect(thumbnails.map((image) => image.getAttribute('alt') ?? image.getAttribute('aria-label'))).toEqual([
      'kitchen-now.jpg',
      'pantry.png',
      'IMG_2041.jpg: preparing the preview',
      'broken.jpg: could not be read',
    ]);
    expect(within(section).getByAltText('kitchen-now.jpg')).toHaveAttribute('src', '/api/attachments/a1/thumbnail');
    expect(within(section).getByText('Preparing...')).toBeVisible();
    expect(within(section).getByText('Could not be read')).toBeVisible();
    // Only the photos ready to show open.
    expect(
      within(section)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Open kitchen-now.jpg', 'Open pantry.png']);

    const plan = within(section).getByRole('link', { name: 'floor plan.pdf (PDF, 2.3 MB)' });
    expect(plan).toHaveAttribute('href', '/api/attachments/a5');
    // Downloaded under its own name, as the server sends it: not opened in a tab of the site.
    expect(plan).toHaveAttribute('download', 'floor plan.pdf');
    expect(plan).not.toHaveAttribute('target');

    // A lead without attachments has no such section.
    const other = await screen.findByRole('article', { name: 'Ben Nguyen' });
    expect(within(other).queryByRole('region', { name: 'Photos and plans' })).not.toBeInTheDocument();
  });

  test('a thumbnail opens the photo full size in the lightbox, where the arrow keys turn to the next and Close shuts it', async () => {
    answerRequests(({ url }): Answer =>
      url.startsWith('/api/quote-requests')
        ? {
            status: 200,
            body: [
              {
                ...inquiry({ id: 'q1', firstName: 'Cy' }),
                suburb: 'Richmond',
                room: 'Kitchen',
                attachments,
              } as unknown as WithMessages<QuoteRequest>,
            ],
            headers: { 'X-Total-Count': '1' },
          }
        : { status: 200, body: {} },
    );
    const user = renderTab(<QuoteRequestsTab />, '/admin?tab=quotes');
    const card = await screen.findByRole('article', { name: 'Cy Nguyen' });
    await user.click(within(card).getByRole('button', { name: 'Open pantry.png' }));

    const lightbox = await screen.findByRole('dialog', { name: 'Photo 2 of 2' });
    expect(within(lightbox).getByRole('img', { name: 'pantry.png' })).toHaveAttribute('src', '/api/attachments/a2');
    expect(within(lightbox).getByText('2 of 2')).toBeVisible();

    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(screen.getByRole('dialog', { name: 'Photo 1 of 2' })).toBeInTheDocument());
    expect(within(screen.getByRole('dialog', { name: 'Photo 1 of 2' })).getByRole('img', { name: 'kitchen-now.jpg' })).toHaveAttribute(
      'src',
      '/api/attachments/a1',
    );

    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /^Photo/ })).not.toBeInTheDocument());
  });
});
