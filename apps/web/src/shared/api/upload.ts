import { HTTP_TIMEOUT_MS } from '@rummage/contract';
import { clearSession, readSession } from '../session/storage';
import { ApiError } from './client';
import { browserTexts } from '../i18n/i18n';

export interface UploadRequest {
  method?: 'POST' | 'PUT';
  form: FormData;
  /** Called with 0..1 as the body goes out (fetch cannot report upload progress, XMLHttpRequest can). */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** Text used when the server gives no message (network down, non-JSON answer). */
  fallbackMessage?: string;
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The server's readable text: `message` (this API), else an `error` field (docs/product.md §7 update), else the fallback. */
function errorMessage(body: unknown, fallback: string): string {
  const { message, error } = (body ?? {}) as { message?: unknown; error?: unknown };
  if (typeof message === 'string' && message) return message;
  if (typeof error === 'string' && error) return error;
  return fallback;
}

/**
 * A multipart upload with progress: the same contract as `apiFetch` (bearer token when stored, JSON answer,
 * `ApiError` with the server's message or the fallback, a dead token forgotten on 401), over XMLHttpRequest
 * because only it reports how much of the body has been sent.
 */
export function apiUpload<T>(path: string, request: UploadRequest): Promise<T> {
  const {
    method = 'POST',
    form,
    onProgress,
    signal,
    fallbackMessage = browserTexts().common.somethingWentWrong,
  } = request;
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason ?? new DOMException('Aborted', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(method, path);
    xhr.timeout = HTTP_TIMEOUT_MS;
    xhr.setRequestHeader('Accept', 'application/json');
    const token = readSession()?.authToken;
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);

    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbort);

    if (onProgress) {
      xhr.upload.addEventListener('progress', (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(Math.min(1, event.loaded / event.total));
      });
    }
    xhr.addEventListener('load', () => {
      done();
      const json = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        resolve(json as T);
        return;
      }
      // apiFetch's listeners end up here too: the session provider forgets a token the server refused.
      if (xhr.status === 401 && token) clearSession();
      const errors = ((json ?? {}) as { errors?: Record<string, string> }).errors ?? {};
      reject(new ApiError(errorMessage(json, fallbackMessage), xhr.status, errors));
    });
    const fail = () => {
      done();
      reject(new ApiError(fallbackMessage, 0));
    };
    xhr.addEventListener('error', fail);
    xhr.addEventListener('timeout', fail);
    xhr.addEventListener('abort', () => {
      done();
      reject(signal?.reason ?? new DOMException('Aborted', 'AbortError'));
    });
    xhr.send(form);
  });
}
