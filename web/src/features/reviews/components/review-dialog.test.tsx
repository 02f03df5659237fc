import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import DialogProviders from '#web/components/dialog-providers.tsx';
import { answerWith } from '#web-test/api.ts';
import ReviewDialog from './review-dialog';

function renderDialog() {
  const onSubmitted = vi.fn();
  const onClose = vi.fn();
  render(
    <DialogProviders>
      <ReviewDialog open onClose={onClose} onSubmitted={onSubmitted} />
    </DialogProviders>,
  );
  return { user: userEvent.setup(), onSubmitted, onClose };
}

const button = (name: string) => screen.getByRole('button', { name });
const star = (count: number) => screen.getByRole('radio', { name: count === 1 ? '1 Star' : `${count} Stars` });
const name = () => screen.getByRole('textbox', { name: 'Your name' });
const reviewText = () => screen.getByRole('textbox', { name: 'Your review' });
const email = () => screen.getByRole('textbox', { name: 'Email (optional)' });
/** The word beside the stars: what the hovered or chosen rating means. */
const ratingWord = () => screen.getByTestId('rating-preview');

/**
 * MUI's Rating turns the pointer's x position into a star count using the stars' box, which
 * jsdom does not lay out: give the five stars a 100 px wide box, 20 px a star.
 */
function layOutStars() {
  const stars = star(1).closest<HTMLElement>('.MuiRating-root')!;
  vi.spyOn(stars, 'getBoundingClientRect').mockReturnValue(DOMRect.fromRect({ x: 0, y: 0, width: 100, height: 20 }));
  return { stars, over: (count: number) => ({ target: stars, coords: { clientX: count * 20 - 10, clientY: 10 } }) };
}

describe('the review dialog', () => {
  test('is titled Leave a Review and starts with no stars chosen', () => {
    renderDialog();
    expect(screen.getByRole('dialog', { name: 'Leave a Review' })).toBeVisible();
    for (const count of [1, 2, 3, 4, 5]) expect(star(count)).not.toBeChecked();
    expect(ratingWord()).toHaveTextContent('');
    expect(email()).toHaveAttribute('type', 'email');
  });

  test('previews the rating under the pointer, and shows the chosen one once the pointer leaves', async () => {
    const { user } = renderDialog();
    const { stars, over } = layOutStars();

    await user.pointer(over(3));
    expect(ratingWord()).toHaveTextContent('Good');
    expect(star(3)).not.toBeChecked();
    await user.pointer(over(5));
    expect(ratingWord()).toHaveTextContent('Excellent');

    await user.pointer([over(2), { keys: '[MouseLeft]', target: star(2) }]);
    expect(star(2)).toBeChecked();
    await user.pointer(over(4));
    expect(ratingWord()).toHaveTextContent('Very good');
    await user.unhover(stars);
    expect(ratingWord()).toHaveTextContent('Fair');
  });

  test("shows each field's message on submit, focuses the first invalid field, and sends nothing", async () => {
    const fetch = answerWith(201, {});
    const { user } = renderDialog();

    await user.type(name(), 'A');
    await user.type(reviewText(), 'Too short');
    await user.click(button('Submit Review'));

    expect(await screen.findByText('Name must be at least 2 characters')).toBeVisible();
    expect(name()).toHaveAccessibleDescription('Name must be at least 2 characters');
    expect(screen.getByRole('group', { name: 'Rating *' })).toHaveAccessibleDescription('Please choose a rating from 1 to 5 stars');
    expect(reviewText()).toHaveAccessibleDescription('Review must be at least 10 characters');
    expect(name()).toHaveFocus();
    expect(fetch).not.toHaveBeenCalled();

    // The email is optional, but checked when given.
    await user.type(email(), 'olivia@');
    await user.click(button('Submit Review'));
    expect(await screen.findByText('Please enter a valid email')).toBeVisible();
    expect(fetch).not.toHaveBeenCalled();
  });

  test('Cancel clears the fields and the stars, and closes', async () => {
    const { user, onClose } = renderDialog();
    const { over } = layOutStars();
    await user.type(name(), 'Olivia');
    await user.type(reviewText(), 'Beautiful kitchen, finished on time.');
    await user.pointer([over(4), { keys: '[MouseLeft]', target: star(4) }]);
    expect(star(4)).toBeChecked();

    await user.click(button('Cancel'));

    expect(onClose).toHaveBeenCalledTimes(1);
    expect(name()).toHaveValue('');
    expect(reviewText()).toHaveValue('');
    for (const count of [1, 2, 3, 4, 5]) expect(star(count)).not.toBeChecked();
    expect(ratingWord()).toHaveTextContent('');
  });

  test('sends the review to /api/review, then shows the thank-you toast and empties the form', async () => {
    const fetch = answerWith(201, { id: 'rev-1' });
    const { user, onSubmitted } = renderDialog();
    const { over } = layOutStars();
    await user.type(name(), 'Olivia Chen');
    await user.pointer([over(5), { keys: '[MouseLeft]', target: star(5) }]);
    await user.type(reviewText(), 'Beautiful kitchen, finished on time and on budget.');
    await user.click(button('Submit Review'));

    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Success!');
    expect(toast).toHaveTextContent('Thank you for your review! It will be visible once approved.');
    expect(onSubmitted).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/review');
    expect(init.method).toBe('POST');
    // No email typed: none is sent.
    expect(JSON.parse(init.body as string)).toEqual({
      customerName: 'Olivia Chen',
      rating: 5,
      reviewText: 'Beautiful kitchen, finished on time and on budget.',
      website: '',
    });
    expect(name()).toHaveValue('');
    expect(star(5)).not.toBeChecked();
  });

  test('keeps what was typed and shows the error toast when the server refuses', async () => {
    answerWith(500, { message: 'Internal error' });
    const { user, onSubmitted } = renderDialog();
    const { over } = layOutStars();
    await user.type(name(), 'Olivia Chen');
    await user.pointer([over(4), { keys: '[MouseLeft]', target: star(4) }]);
    await user.type(reviewText(), 'Beautiful kitchen, finished on time and on budget.');
    await user.type(email(), 'olivia@example.com');
    await user.click(button('Submit Review'));

    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Error');
    expect(toast).toHaveTextContent('Failed to submit your review. Please try again.');
    expect(onSubmitted).not.toHaveBeenCalled();
    expect(name()).toHaveValue('Olivia Chen');
    expect(star(4)).toBeChecked();
    expect(email()).toHaveValue('olivia@example.com');
  });
});
