import { render, screen } from '@testing-library/react';
import { defaultBookingSettings, defaultSettings } from '@site/domain';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, test } from 'vitest';
import DialogProviders from '#web/components/dialog-providers.tsx';
import SuccessDialog from '#web/components/success-dialog.tsx';
import { siteSettings } from '#web/lib/site-settings.ts';
import { BookPage } from './book-page';
import { ServicesPage } from './services-page';

const bookingOff = { ...defaultSettings, booking: { ...defaultBookingSettings, enabled: false } };

const renderServices = () =>
  render(
    <MemoryRouter initialEntries={['/services']}>
      <ServicesPage />
    </MemoryRouter>,
  );

const renderThankYou = () =>
  render(
    <DialogProviders>
      <SuccessDialog open firstName="Ava" onClose={() => undefined} onExited={() => undefined} />
    </DialogProviders>,
  );

afterEach(() => siteSettings.seed(defaultSettings));

describe('Book a free measure', () => {
  test('the services page and the thank-you after a lead lead to /book, beside what they said before', () => {
    renderServices();
    expect(screen.getByRole('link', { name: 'Book a free measure' })).toHaveAttribute('href', '/book');

    renderThankYou();
    expect(screen.getByRole('heading', { name: 'Thank You, Ava!' })).toBeVisible();
    expect(screen.getByText(/We've received your project inquiry/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Close' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Book a free measure' })).toHaveAttribute('href', '/book');
  });

  test('with online booking off, the actions are gone and the booking page points to the inquiry', () => {
    siteSettings.seed(bookingOff);
    renderServices();
    renderThankYou();
    expect(screen.queryByRole('link', { name: 'Book a free measure' })).not.toBeInTheDocument();

    render(
      <MemoryRouter initialEntries={['/book']}>
        <BookPage />
      </MemoryRouter>,
    );
    expect(screen.getByText(/Online booking is not available at the moment/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Send an inquiry' })).toHaveAttribute('data-opens', 'inquiry');
    expect(screen.queryByRole('radio', { name: 'Kitchen' })).not.toBeInTheDocument();
  });
});
