import { backgroundRequestHeader, type ApiError } from '@site/domain';
import { personActedRecently } from './user-activity';

/**
 * Any non-OK response becomes an ApiRequestError whose message is the status code, a colon
 * and a space, then the response body text (or the status text if the body is empty), as
 * the specification's error catalogue says. The parsed JSON body, when there is one, is kept
 * so forms can show field messages.
 */
export class ApiRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: ApiError | null,
    readonly headers: Headers,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

export interface ApiResponse<T> {
  data: T;
  headers: Headers;
}

/**
 * The Firebase build with an App Check site key sends an App Check token with every POST
 * (the server asks for it on the public forms and visits). The expression is written out
 * here so that Vite drops the branch, and the App Check chunk, from the embedded build.
 */
async function clientCheckHeaders(method: string): Promise<Record<string, string>> {
  const siteKey = import.meta.env.VITE_APP_CHECK_SITE_KEY;
  if (import.meta.env.VITE_BACKEND === 'firebase' && siteKey && method === 'POST') {
    const { appCheckToken } = await import('./firebase/app-check');
    const token = await appCheckToken(siteKey);
    if (token) return { 'X-Firebase-AppCheck': token };
  }
  return {};
}

/**
 * How requests reach the API: the browser's fetch, or on the server (the dashboard's first
 * screen rendered there, admin-server.tsx) the API answering in the same process.
 */
let transport: typeof fetch | undefined;
export function setApiTransport(send: typeof fetch | undefined) {
  transport = send;
}

export async function apiRequest<T>(method: string, url: string, body?: unknown): Promise<ApiResponse<T>> {
  const init: RequestInit = { method, credentials: 'include' };
  const headers: Record<string, string> = await clientCheckHeaders(method);
  // A read nobody asked for just now does not keep an admin's session from idling out.
  if (method === 'GET' && typeof window !== 'undefined' && !personActedRecently()) headers[backgroundRequestHeader] = '1';
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  if (Object.keys(headers).length > 0) init.headers = headers;
  const response = await (transport ?? fetch)(url, init);
  if (!response.ok) {
    const text = await response.text();
    let parsed: ApiError | null;
    try {
      parsed = text ? (JSON.parse(text) as ApiError) : null;
    } catch {
      parsed = null;
    }
    throw new ApiRequestError(`${response.status}: ${text || response.statusText}`, response.status, parsed, response.headers);
  }
  const data = response.status === 204 ? (undefined as T) : ((await response.json()) as T);
  return { data, headers: response.headers };
}

export const api = {
  get: async <T>(url: string) => (await apiRequest<T>('GET', url)).data,
  post: async <T>(url: string, body?: unknown) => (await apiRequest<T>('POST', url, body)).data,
  put: async <T>(url: string, body?: unknown) => (await apiRequest<T>('PUT', url, body)).data,
  patch: async <T>(url: string, body?: unknown) => (await apiRequest<T>('PATCH', url, body)).data,
  delete: async <T>(url: string) => (await apiRequest<T>('DELETE', url)).data,
};

/** Lists answer with an array body; paging and totals travel in headers. */
export interface ListPage<T> {
  items: T[];
  next: string | null;
  total: number | null;
}

export async function getList<T>(url: string): Promise<ListPage<T>> {
  const { data, headers } = await apiRequest<T[]>('GET', url);
  const total = headers.get('X-Total-Count');
  return { items: data, next: headers.get('X-Next-Cursor'), total: total === null ? null : Number(total) };
}
