import { render, screen, within } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { PartBoundary } from './part-boundary';

afterEach(() => vi.restoreAllMocks());

describe('a part of the admin area that fails', () => {
  test('a download cut by a dropped connection shows what did not load, and the rest of the page stays', async () => {
    // React reports the error it caught; the test expects that report.
    const reported = vi.spyOn(console, 'error').mockImplementation(() => {});
    const NoteForm = lazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/lead-note-form.js')));
    render(
      <main>
        <p>Olivia Smith, new inquiry</p>
        <PartBoundary part="The note form">
          <Suspense fallback={<p>Loading the note form</p>}>
            <NoteForm />
          </Suspense>
        </PartBoundary>
      </main>,
    );

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The note form did not load. Check the connection, then reload the page.');
    expect(within(alert).getByRole('button', { name: 'Reload' })).toBeEnabled();
    expect(screen.getByText('Olivia Smith, new inquiry')).toBeVisible();
    expect(reported.mock.calls.flat().map(String).join('\n')).toContain('Failed to fetch dynamically imported module');
  });

  test('a part that renders shows itself and nothing else', () => {
    render(
      <PartBoundary part="The note form">
        <label>
          Note <input />
        </label>
      </PartBoundary>,
    );
    expect(screen.getByRole('textbox', { name: 'Note' })).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
