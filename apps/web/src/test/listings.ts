import { vi } from 'vitest';
import type { CitySuggestion, ProductDetail } from '@rummage/contract';

/** A listing as GET /api/Product/{id} answers it. */
export function productDetail(overrides: Partial<ProductDetail> = {}): ProductDetail {
  return {
    id: 300,
    productId: 300,
    title: 'Stetson felt cowboy hat',
    name: 'Stetson felt cowboy hat',
    price: 130,
    mainImage: '/uploads/p/a-large.webp',
    image: '/uploads/p/a-large.webp',
    images: ['/uploads/p/a-large.webp', '/uploads/p/b-large.webp', '/uploads/p/c-large.webp'],
    thumbnails: ['/uploads/p/a-thumb.webp', '/uploads/p/b-thumb.webp', '/uploads/p/c-thumb.webp'],
    views: 6,
    likesCount: 3,
    posted: '2026-11-21T00:24:08.596Z',
    location: 'Denver, CO',
    latitude: 39.71654,
    longitude: -104.88803,
    userId: 9,
    sellerId: 9,
    userName: 'milehighmarket',
    userImageUrl: null,
    isSold: false,
    categoryId: 2,
    categoryTitle: 'Hats',
    reservedUntil: null,
    isReservedForCurrentUser: false,
    description: 'Silverbelly 4X beaver felt.',
    isLikedByCurrentUser: false,
    isFollowedByCurrentUser: false,
    thrifterSince: '2024-11-20T12:02:14.151Z',
    isOwner: false,
    ...overrides,
  };
}

export const CITY: CitySuggestion = {
  name: 'Springfield',
  state: 'IL',
  region: 'IL',
  country: 'US',
  countryName: 'United States',
  label: 'Springfield, IL',
  latitude: 39.78,
  longitude: -89.65,
  population: 100_000,
};

export function jpeg(name: string): File {
  return new File(['jpeg-bytes'], name, { type: 'image/jpeg' });
}
export function png(name: string): File {
  return new File(['png-bytes'], name, { type: 'image/png' });
}

export interface UploadCall {
  method: string;
  url: string;
  headers: Record<string, string>;
  form: FormData;
}
export interface UploadAnswer {
  status: number;
  body?: unknown;
}

/**
 * Replaces XMLHttpRequest (the upload's network boundary) with a fake that records each request and answers
 * with `answer`, after reporting upload progress at 50% and 100%.
 */
export function fakeXhr(answer: (call: UploadCall) => UploadAnswer | Promise<UploadAnswer>) {
  const calls: UploadCall[] = [];
  class FakeXMLHttpRequest extends EventTarget {
    readonly upload = new EventTarget();
    status = 0;
    responseText = '';
    timeout = 0;
    private method = 'GET';
    private url = '';
    private headers: Record<string, string> = {};
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    abort() {
      this.dispatchEvent(new Event('abort'));
    }
    send(body: FormData) {
      const call = { method: this.method, url: this.url, headers: this.headers, form: body };
      calls.push(call);
      void (async () => {
        for (const loaded of [50, 100]) {
          await Promise.resolve();
          this.upload.dispatchEvent(
            Object.assign(new Event('progress'), { lengthComputable: true, loaded, total: 100 }),
          );
        }
        const result = await answer(call);
        this.status = result.status;
        this.responseText = result.body === undefined ? '' : JSON.stringify(result.body);
        this.dispatchEvent(new Event(result.status === 0 ? 'error' : 'load'));
      })();
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXMLHttpRequest);
  return { calls };
}

/** File names in a multipart body's repeated field, in order. */
export function fileNames(form: FormData, field: string): string[] {
  return form.getAll(field).map((value) => (value instanceof File ? value.name : String(value)));
}
