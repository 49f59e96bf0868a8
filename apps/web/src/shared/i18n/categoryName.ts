import type { Catalogue } from '@rummage/contract';

/**
 * A category's name in the reader's language: the demo data's categories are stored by their English title and
 * named by the catalogue; a category an operator added is shown as they wrote it.
 */
export function categoryName(title: string, texts: Catalogue): string {
  const names: Readonly<Record<string, string>> = texts.categories.names;
  return Object.prototype.hasOwnProperty.call(names, title) ? (names[title] ?? title) : title;
}
