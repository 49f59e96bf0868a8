import { HTTP_TIMEOUT_MS, type ErrorBody, type Locale } from '@rummage/contract';
import { readSession } from '../session/storage';
import { takeEarlyAnswer } from './earlyAnswers';
import { browserTexts } from '../i18n/i18n';

/** A failed API call: `message` is already the readable text the server chose (or the caller's fallback). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly fieldErrors: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * The server's words when it refused a request (4xx): a reason the person can act on. Null for anything else (the
 * server's own failure, no connection), where the page says its own fallback.
 */
export function refusalMessage(error: unknown): string | null {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : null;
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** JSON body; use `form` for multipart uploads. */
  body?: unknown;
  form?: FormData;
  query?: Record<string, string | number | boolean | undefined | null>;
  signal?: AbortSignal;
  /** Text used when the server gives no message (network down, non-JSON answer). */
  fallbackMessage?: string;
  /**
   * The page's language, sent as Accept-Language, for answers a cache keeps per Accept-Language (place labels):
   * they are then in the language the page is read in, not the browser's.
   */
  language?: Locale;
}

type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;
let transport: ApiTransport = (url, init) => fetch(url, init);

/**
 * Where calls go: the browser's fetch, or, when the server renders a page at request time (src/prerender.tsx),
 * the server's own routes, asked in-process.
 */
export function setApiTransport(next: ApiTransport): void {
  transport = next;
}

/** Listeners told when the server says the stored token is no longer valid (401 on an authenticated call). */
const unauthorizedListeners = new Set<() => void>();
export function onUnauthorized(listener: () => void): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

function buildUrl(path: string, query: ApiRequest['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

const parseJson = (text: string): unknown => {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/**
 * Every call sends the bearer token when one is stored (docs/product.md §7), JSON unless it is a multipart form.
 * Answers the response when it is a success; a failure becomes an ApiError with the server's readable text.
 */
async function send(path: string, request: ApiRequest, accept: string): Promise<Response> {
  const {
    method = 'GET',
    body,
    form,
    query,
    signal,
    fallbackMessage = browserTexts().common.somethingWentWrong,
    language,
  } = request;
  const headers: Record<string, string> = { Accept: accept };
  if (language) headers['Accept-Language'] = language;
  const token = readSession()?.authToken;
  if (token) headers.Authorization = `Bearer ${token}`;
  let payload: BodyInit | undefined;
  if (form) payload = form;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const url = buildUrl(path, query);
  const early = method === 'GET' && accept === 'application/json' ? takeEarlyAnswer(url, token) : undefined;
  const timeout = AbortSignal.timeout(HTTP_TIMEOUT_MS);
  let response: Response;
  try {
    response = await (early ??
      transport(url, {
        method,
        headers,
        body: payload,
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      }));
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(fallbackMessage, 0);
  }
  if (response.ok) return response;
  if (response.status === 401 && token) unauthorizedListeners.forEach((listener) => listener());
  const errorBody = (parseJson(await response.text()) ?? {}) as Partial<ErrorBody>;
  throw new ApiError(
    typeof errorBody.message === 'string' && errorBody.message ? errorBody.message : fallbackMessage,
    response.status,
    errorBody.errors ?? {},
  );
}

/** A JSON API call: the parsed answer, or an ApiError with the server's readable text. */
export async function apiFetch<T>(path: string, request: ApiRequest = {}): Promise<T> {
  const response = await send(path, request, 'application/json');
  return parseJson(await response.text()) as T;
}

/** A JSON API call whose status matters too (201 created a new thing, 200 answered one that was there). */
export async function apiFetchWithStatus<T>(
  path: string,
  request: ApiRequest = {},
): Promise<{ status: number; body: T }> {
  const response = await send(path, request, 'application/json');
  return { status: response.status, body: parseJson(await response.text()) as T };
}

/** A file the API answers (with the session's token, so a plain link cannot fetch it), and the name it suggests. */
export async function apiDownload(
  path: string,
  request: ApiRequest = {},
): Promise<{ blob: Blob; filename: string | null }> {
  const response = await send(path, request, '*/*');
  const disposition = response.headers.get('content-disposition') ?? '';
  return { blob: await response.blob(), filename: /filename="([^"]+)"/.exec(disposition)?.[1] ?? null };
}
