import { screen, within } from '@testing-library/react';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, vi } from 'vitest';
import { answerRequests, type SentRequest } from './api';

/**
 * Where the files go: the browser PUTs each one to its upload URL with XMLHttpRequest (for
 * its progress events), which a fetch stub does not cover, so a small HTTP server on this
 * machine takes them, as the API does, and answers 201 with the attachment. A test can hold
 * the answers back (`hold`) to see the form while files are still uploading, and release them.
 */
interface Received {
  name: string;
  type: string;
  bytes: number;
}
interface Storage {
  origin: string;
  received: Received[];
  server: Server;
  hold: boolean;
  held: (() => void)[];
  /** The answer to a PUT, by the file's name; 201 with the attachment unless set. */
  answer: (name: string) => { status: number; body: unknown } | undefined;
  release: () => void;
}

/** The storage server of the current test. */
export const storage = {} as Storage;

/** Starts the storage server and stands in for object URLs, before each test of the file that calls it. */
export function withStorageServer() {
  beforeEach(async () => {
    const received: Received[] = [];
    const held: (() => void)[] = [];
    const server = createServer((request: IncomingMessage, response: ServerResponse) => {
      // The page (http://localhost:3000) and this server differ in origin, as with Cloud Storage.
      response.setHeader('Access-Control-Allow-Origin', request.headers.origin ?? '*');
      if (request.method === 'OPTIONS') {
        response.setHeader('Access-Control-Allow-Methods', 'PUT');
        response.setHeader('Access-Control-Allow-Headers', 'Content-Type');
        response.end();
        return;
      }
      let bytes = 0;
      request.on('data', (chunk: Buffer) => (bytes += chunk.length));
      request.on('end', () => {
        const name = decodeURIComponent((request.url ?? '').replace('/put/', ''));
        received.push({ name, type: request.headers['content-type'] ?? '', bytes });
        const reply = () => {
          const { status, body } = storage.answer(name) ?? {
            status: 201,
            body: { url: `/api/attachments/id-${name.replace(/\W/g, '')}`, name, kind: 'photo', contentType: 'image/jpeg', size: bytes },
          };
          response.writeHead(status, { 'Content-Type': 'application/json' });
          response.end(JSON.stringify(body));
        };
        if (storage.hold) held.push(reply);
        else reply();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    Object.assign(storage, {
      origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      received,
      server,
      hold: false,
      held,
      answer: () => undefined,
      release: () => {
        storage.hold = false;
        for (const reply of held.splice(0)) reply();
      },
    });
    let previews = 0;
    URL.createObjectURL = vi.fn(() => `blob:http://localhost:3000/preview-${++previews}`);
    URL.revokeObjectURL = vi.fn();
  });

  afterEach(async () => {
    storage.release();
    storage.server.closeAllConnections();
    await new Promise((resolve) => storage.server.close(resolve));
  });
}

/** The API: an upload URL on the storage server for each file, and 201 for the form itself. */
export function stubApi(uploadUrl?: (body: { contentType: string; name: string; size: number }) => { status: number; body: unknown }) {
  return answerRequests((request: SentRequest) => {
    if (request.url === '/api/attachments/upload-url') {
      const body = request.body as { contentType: string; name: string; size: number };
      return (
        uploadUrl?.(body) ?? {
          status: 200,
          body: {
            uploadURL: `${storage.origin}/put/${encodeURIComponent(body.name)}`,
            method: 'PUT',
            headers: { 'Content-Type': body.contentType },
          },
        }
      );
    }
    return { status: 201, body: { id: 'lead-1' } };
  });
}

// The first bytes the picker checks: a JPEG's, a PNG's and a PDF's signatures.
export const jpeg = (name: string, size = 2048) => {
  const bytes = new Uint8Array(size);
  bytes.set([0xff, 0xd8, 0xff, 0xe0]);
  return new File([bytes], name, { type: 'image/jpeg' });
};
export const png = (name: string) =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])], name, { type: 'image/png' });
export const pdf = (name: string) => new File([new TextEncoder().encode('%PDF-1.4\n%%EOF\n')], name, { type: 'application/pdf' });
export const heic = (name: string) =>
  new File([new Uint8Array([0, 0, 0, 24, ...new TextEncoder().encode('ftypheic'), 0, 0, 0, 0])], name, { type: 'image/heic' });
/** A file that says it has `size` bytes, without the test holding them. */
export const ofSize = (file: File, size: number) => Object.defineProperty(file, 'size', { value: size });

export const picker = () => screen.getByLabelText('Add photos or plans');
export const attached = () => screen.queryByRole('list', { name: 'Attached files' });
export const item = (name: string) => within(attached()!).getByText(name).closest('li')!;

/** The requests sent to one path. */
export const sentTo = (requests: SentRequest[], url: string) => requests.filter((request) => request.url === url);
