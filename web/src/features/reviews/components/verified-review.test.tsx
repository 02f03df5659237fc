import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, test, vi } from 'vitest';
import { answerRequests, type Answer } from '#web-test/api.ts';
import { ReviewCard } from './review-card';
import UnsubscribePage from './unsubscribe-page';
import WriteReviewPage from './write-review-page';

const token = `${'a'.repeat(20)}.${'b'.repeat(43)}`;

function at(path: string, page: React.ReactNode) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="*" element={page} />
      </Routes>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

describe('a review on the public site', () => {
  const shown = { id: 'r1', customerName: 'Mia L.', rating: 5, reviewText: 'Lovely work', createdAt: '2026-03-02T03:04:00.000Z' };
  test('says "Verified customer" when it came through the customer\'s own link, and not otherwise', () => {
    const { rerender } = render(<ReviewCard review={{ ...shown, verified: true }} />);
    expect(screen.getByText('Verified customer')).toBeVisible();
    rerender(<ReviewCard review={{ ...shown, verified: false }} />);
    expect(screen.queryByText('Verified customer')).not.toBeInTheDocument();
  });
});

describe('the review link page', () => {
  test("opens the form with the customer's name filled in and sends the review with the link's token", async () => {
    const requests = answerRequests(({ method, url }): Answer => {
      if (method === 'GET' && url === `/api/review-invites/${encodeURIComponent(token)}`) return { status: 200, body: { name: 'Mia Lee' } };
      if (method === 'POST' && url === '/api/review') return { status: 201, body: { id: 'r1' } };
      return { status: 404, body: { message: 'Not found' } };
    });
    const user = at(`/reviews/write?t=${encodeURIComponent(token)}`, <WriteReviewPage />);
    expect(await screen.findByText(/Thank you for choosing us, Mia Lee/)).toBeVisible();
    // The form loads when asked for, with the name filled in.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Write your review' }));
    expect(await screen.findByRole('textbox', { name: 'Your name' })).toHaveValue('Mia Lee');
    // MUI's Rating reads the pointer against the stars' box, which jsdom does not lay out: 20 px a star.
    const fourth = screen.getByRole('radio', { name: '4 Stars' });
    const stars = fourth.closest<HTMLElement>('.MuiRating-root')!;
    vi.spyOn(stars, 'getBoundingClientRect').mockReturnValue(DOMRect.fromRect({ x: 0, y: 0, width: 100, height: 20 }));
    await user.pointer([
      { target: stars, coords: { clientX: 70, clientY: 10 } },
      { keys: '[MouseLeft]', target: fourth },
    ]);
    await user.type(screen.getByRole('textbox', { name: 'Your review' }), 'A beautiful new bathroom.');
    await user.click(screen.getByRole('button', { name: 'Submit Review' }));
    expect(await screen.findByText('Thank you for your review! It will be visible once approved.', { selector: 'p' })).toBeVisible();
    expect(requests.find((r) => r.method === 'POST')?.body).toMatchObject({
      customerName: 'Mia Lee',
      rating: 4,
      reviewText: 'A beautiful new bathroom.',
      invite: token,
    });
  });

  test.each([
    [410, 'This link has expired'],
    [410, 'This link has already been used'],
    [404, 'This link is not valid'],
  ])('says why a link does not work (%i: %s), and offers the home page instead', async (status, message) => {
    answerRequests((): Answer => ({ status, body: { message } }));
    at(`/reviews/write?t=${encodeURIComponent(token)}`, <WriteReviewPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'write a review on our home page' })).toHaveAttribute('href', '/#reviews');
  });

  test("says the server's reason for a link without a token", async () => {
    const requests = answerRequests((): Answer => ({ status: 404, body: { message: 'This link is not valid' } }));
    at('/reviews/write', <WriteReviewPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is not valid');
    expect(requests.map((r) => r.url)).toEqual(['/api/review-invites/-']);
  });
});

describe('the unsubscribe page', () => {
  test('asks for one click first, since mail scanners open links, then says "You\'re unsubscribed"', async () => {
    const requests = answerRequests((): Answer => ({ status: 200, body: { unsubscribed: true } }));
    const user = at(`/unsubscribe?t=${encodeURIComponent(token)}`, <UnsubscribePage />);
    expect(screen.getByRole('heading', { name: 'Unsubscribe from review requests' })).toBeVisible();
    // Opening the link sends nothing.
    await new Promise((done) => setTimeout(done, 50));
    expect(requests).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('heading', { name: "You're unsubscribed" })).toBeVisible();
    expect(requests).toEqual([{ method: 'POST', url: '/api/unsubscribe', body: { t: token } }]);
  });

  test('says so when the link is not valid, and how else to reach the business', async () => {
    answerRequests((): Answer => ({ status: 404, body: { message: 'This link is not valid' } }));
    const user = at(`/unsubscribe?t=${encodeURIComponent(token)}`, <UnsubscribePage />);
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('This link is not valid'));
    expect(screen.queryByRole('heading', { name: "You're unsubscribed" })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'hello@example.com' })).toHaveAttribute('href', 'mailto:hello@example.com');
  });
});
