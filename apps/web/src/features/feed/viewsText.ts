import { fillText, formatCount, type Catalogue } from '@rummage/contract';

/** A listing's views in the reader's language: "1 view", "12 views", "1.5k views". */
export function viewsText(views: number, texts: Catalogue): string {
  return views === 1 ? texts.listing.viewsOne : fillText(texts.listing.views, { count: formatCount(views) });
}
