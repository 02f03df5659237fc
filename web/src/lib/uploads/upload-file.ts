import type { UploadedObject, UploadKind, UploadUrlResponse } from '@site/domain';
import { api } from '../api-client';

export class UploadError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

export class UploadCancelled extends Error {
  constructor() {
    super('Upload cancelled');
    this.name = 'UploadCancelled';
  }
}

interface UploadOptions {
  /** From 0 to 1 as the bytes leave the browser. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * PUTs a file to a single-use upload URL with XMLHttpRequest, which (unlike fetch) reports
 * upload progress. Resolves with the stored location; rejects with the server's message
 * (413 too large, 415 wrong type), or UploadCancelled when the signal aborts.
 */
export function putFile(issued: UploadUrlResponse, file: Blob, { onProgress, signal }: UploadOptions = {}): Promise<UploadedObject> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new UploadCancelled());
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', issued.uploadURL);
    if (issued.headers) {
      // A signed Cloud Storage URL: exactly the signed headers, no cookies.
      for (const [name, value] of Object.entries(issued.headers)) xhr.setRequestHeader(name, value);
    } else {
      xhr.withCredentials = true;
      xhr.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    }
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => signal?.removeEventListener('abort', onAbort);
    xhr.onload = () => {
      settle();
      let body: { url?: unknown; message?: unknown } | null;
      try {
        body = JSON.parse(xhr.responseText) as { url?: unknown; message?: unknown };
      } catch {
        body = null;
      }
      if (xhr.status === 201 && body && typeof body.url === 'string') return resolve({ url: body.url });
      if (issued.url && xhr.status >= 200 && xhr.status < 300) return resolve({ url: issued.url });
      const message = body && typeof body.message === 'string' ? body.message : xhr.statusText || 'The upload failed';
      reject(new UploadError(message, xhr.status));
    };
    xhr.onerror = () => {
      settle();
      reject(new UploadError('The upload failed: the connection was lost. Please try again.', 0));
    };
    xhr.onabort = () => {
      settle();
      reject(new UploadCancelled());
    };
    xhr.send(file);
  });
}

/** An upload URL for one file (admin only), then the file itself. */
export async function uploadFile(kind: UploadKind, file: Blob, options: UploadOptions = {}): Promise<string> {
  // A signed Cloud Storage URL is bound to the image's content type (GLBs are always
  // model/gltf-binary there, whatever the browser calls them); the server checks the bytes either way.
  const contentType = kind !== 'model' && file.type ? { contentType: file.type } : {};
  const issued = await api.post<UploadUrlResponse>('/api/objects/upload', { kind, ...contentType });
  const { url } = await putFile(issued, file, options);
  return url;
}
