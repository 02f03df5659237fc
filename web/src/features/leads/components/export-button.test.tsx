import type { Inquiry } from '@site/domain';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import DialogProviders from '#web/components/dialog-providers.tsx';
import { answerRequests } from '#web-test/api.ts';
import { inquiriesUrl } from '../api/inquiries';
import { fetchAll } from '../api/lead-list';
import { toCsv } from '../lib/csv';
import { inquiryColumns } from '../lib/exports';
import { ExportButton } from './export-button';

const createObjectURL = URL.createObjectURL;
afterEach(() => {
  URL.createObjectURL = createObjectURL;
});

describe('the CSV export', () => {
  test('asks for the first page with export=1, so the server records one export, then follows the cursor', async () => {
    const requests = answerRequests(({ url }) =>
      url.includes('cursor=') ? { status: 200, body: [] } : { status: 200, body: [], headers: { 'X-Next-Cursor': 'next-page' } },
    );
    // jsdom makes no downloads: the file's address is all the page needs.
    URL.createObjectURL = vi.fn(() => 'blob:export');
    render(
      <DialogProviders>
        <ExportButton name="inquiries" noun="inquiries" build={async () => toCsv(inquiryColumns, await fetchAll<Inquiry>(inquiriesUrl))} />
      </DialogProviders>,
    );

    await userEvent.setup().click(screen.getByRole('button', { name: 'Export CSV' }));

    await waitFor(() => expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled());
    expect(requests.map(({ url }) => url)).toEqual([
      '/api/project-inquiries?export=1&limit=200',
      '/api/project-inquiries?limit=200&cursor=next-page',
    ]);
  });
});
