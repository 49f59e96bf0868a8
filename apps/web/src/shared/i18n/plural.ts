/** A noun's singular and plural in one language ("view", "views"), as the catalogues hold them. */
export interface NounForms {
  one: string;
  other: string;
}

/**
 * The noun a count is read with: the singular for exactly one, the plural otherwise ("0 views", "1 view"). English,
 * German and Spanish all make this one distinction for whole numbers.
 */
export function pluralNoun(count: number, forms: NounForms): string {
  return count === 1 ? forms.one : forms.other;
}
