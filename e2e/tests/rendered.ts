import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** Helpers of the journeys through pages the server renders with their data (rendered-pages*.spec.ts). */
export interface Card {
  id: number;
  title: string;
  images: string[];
}

export async function newestListing(request: APIRequestContext): Promise<Card> {
  const feed = await request.get('/api/Marketplace/products?pageSize=1');
  const [listing] = ((await feed.json()) as { data: Card[] }).data;
  expect(listing, 'a demo listing').toBeTruthy();
  return listing!;
}

/** The API calls the page makes from now on (paths with their query). */
export function apiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) calls.push(url.pathname + url.search);
  });
  return calls;
}
