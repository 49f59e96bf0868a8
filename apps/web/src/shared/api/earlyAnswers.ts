import { HTTP_TIMEOUT_MS, SESSION_KEYS } from '@rummage/contract';

/**
 * GET answers asked for before the app has loaded (src/main.tsx, for the page a link leads to), so a page's data
 * travels beside the app's code instead of after it. apiFetch takes an answer, once, instead of asking again
 * when it asks for the same URL with the same stored token; an answer nobody takes within a minute is dropped.
 * This module is loaded before the first paint, so it imports no more than the contract's constants.
 */
const answers = new Map<string, { answer: Promise<Response>; at: number }>();
const KEEP_MS = 60_000;

const keyOf = (url: string, token: string | null | undefined) => `${token ?? ''} ${url}`;

function storedToken(): string | null {
  try {
    return window.localStorage.getItem(SESSION_KEYS.authToken);
  } catch {
    return null;
  }
}

/** Asks for `url` as apiFetch would (JSON, the stored bearer token) and keeps the answer for it. */
export function fetchEarly(url: string): Promise<Response> {
  const token = storedToken();
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const answer = fetch(url, { headers, signal: AbortSignal.timeout(HTTP_TIMEOUT_MS) });
  // Whoever takes it sees a failure; left untaken, it must not surface as an unhandled rejection.
  answer.catch(() => undefined);
  answers.set(keyOf(url, token), { answer, at: Date.now() });
  return answer;
}

/** The answer fetched early for `url` with `token`, if any (and only once). */
export function takeEarlyAnswer(
  url: string,
  token: string | null | undefined,
): Promise<Response> | undefined {
  const key = keyOf(url, token);
  const early = answers.get(key);
  answers.delete(key);
  return early && Date.now() - early.at <= KEEP_MS ? early.answer : undefined;
}
