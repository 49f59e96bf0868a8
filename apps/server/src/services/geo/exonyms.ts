import type { Locale } from '@rummage/contract';

/** The languages a reader can choose: readers of each may name a place otherwise than GeoNames does. */
export type ExonymLanguage = Locale;

/**
 * A well-known place and what English, German and Spanish readers call it where that is not GeoNames' name
 * ("Lissabon", "Lisboa" for Lisbon; "Cologne" for Köln, which GeoNames names in German). `place` is GeoNames' name
 * as world-places.tsv has it, `country` its ISO code: together they name exactly one place that is not a city
 * section (exonyms.test.ts).
 */
export interface Exonym extends Partial<Record<ExonymLanguage, string>> {
  place: string;
  country: string;
}

/**
 * Written by hand (docs/product.md §22): GeoNames' other names carry no language, so the data cannot tell
 * "Lissabon" from the other spellings of Lisbon. Spellings as Duden, RAE/Fundéu and the Oxford and Merriam-Webster
 * dictionaries give them; no historical names of places that changed hands (no "Danzig"), no US places (they read
 * "City, ST" in every language), and no name a place's country already gives it (world-places.tsv's own name:
 * "München", "Wien", "La Habana").
 */
export const EXONYMS: readonly Exonym[] = [
  { place: 'Salzburg', country: 'AT', es: 'Salzburgo' },
  { place: 'Vienna', country: 'AT', es: 'Viena' },
  { place: 'Antwerpen', country: 'BE', en: 'Antwerp', es: 'Amberes' },
  { place: 'Brugge', country: 'BE', en: 'Bruges', de: 'Brügge', es: 'Brujas' },
  { place: 'Brussels', country: 'BE', de: 'Brüssel', es: 'Bruselas' },
  { place: 'Gent', country: 'BE', en: 'Ghent', es: 'Gante' },
  { place: 'Ieper', country: 'BE', en: 'Ypres', de: 'Ypern', es: 'Ypres' },
  { place: 'Liège', country: 'BE', de: 'Lüttich', es: 'Lieja' },
  { place: 'Sofia', country: 'BG', es: 'Sofía' },
  { place: 'Basel', country: 'CH', es: 'Basilea' },
  { place: 'Bern', country: 'CH', es: 'Berna' },
  { place: 'Genève', country: 'CH', en: 'Geneva', de: 'Genf', es: 'Ginebra' },
  { place: 'Luzern', country: 'CH', en: 'Lucerne', es: 'Lucerna' },
  { place: 'Zürich', country: 'CH', es: 'Zúrich' },
  { place: 'Beijing', country: 'CN', de: 'Peking', es: 'Pekín' },
  { place: 'Shanghai', country: 'CN', es: 'Shanghái' },
  { place: 'Havana', country: 'CU', de: 'Havanna' },
  { place: 'Prague', country: 'CZ', de: 'Prag', es: 'Praga' },
  { place: 'Aachen', country: 'DE', es: 'Aquisgrán' },
  { place: 'Berlin', country: 'DE', es: 'Berlín' },
  { place: 'Dresden', country: 'DE', es: 'Dresde' },
  { place: 'Frankfurt am Main', country: 'DE', es: 'Fráncfort del Meno' },
  { place: 'Hamburg', country: 'DE', es: 'Hamburgo' },
  { place: 'Hannover', country: 'DE', en: 'Hanover' },
  { place: 'Köln', country: 'DE', en: 'Cologne', es: 'Colonia' },
  { place: 'Mainz', country: 'DE', es: 'Maguncia' },
  { place: 'Munich', country: 'DE', es: 'Múnich' },
  { place: 'Nürnberg', country: 'DE', en: 'Nuremberg', es: 'Núremberg' },
  { place: 'Copenhagen', country: 'DK', de: 'Kopenhagen', es: 'Copenhague' },
  { place: 'Algiers', country: 'DZ', de: 'Algier', es: 'Argel' },
  { place: 'Alexandria', country: 'EG', es: 'Alejandría' },
  { place: 'Cairo', country: 'EG', de: 'Kairo', es: 'El Cairo' },
  { place: 'Sevilla', country: 'ES', en: 'Seville' },
  { place: 'Bordeaux', country: 'FR', es: 'Burdeos' },
  { place: 'Marseille', country: 'FR', es: 'Marsella' },
  { place: 'Nice', country: 'FR', de: 'Nizza', es: 'Niza' },
  { place: 'Paris', country: 'FR', es: 'París' },
  { place: 'Strasbourg', country: 'FR', de: 'Straßburg', es: 'Estrasburgo' },
  { place: 'Edinburgh', country: 'GB', es: 'Edimburgo' },
  { place: 'London', country: 'GB', es: 'Londres' },
  { place: 'Athens', country: 'GR', de: 'Athen', es: 'Atenas' },
  { place: 'Thessaloníki', country: 'GR', es: 'Tesalónica' },
  { place: 'Guatemala City', country: 'GT', de: 'Guatemala-Stadt', es: 'Ciudad de Guatemala' },
  { place: 'Dublin', country: 'IE', es: 'Dublín' },
  { place: 'New Delhi', country: 'IN', de: 'Neu-Delhi', es: 'Nueva Delhi' },
  { place: 'Baghdad', country: 'IQ', de: 'Bagdad', es: 'Bagdad' },
  { place: 'Tehran', country: 'IR', de: 'Teheran', es: 'Teherán' },
  { place: 'Bologna', country: 'IT', es: 'Bolonia' },
  { place: 'Florence', country: 'IT', de: 'Florenz', es: 'Florencia' },
  { place: 'Genoa', country: 'IT', de: 'Genua', es: 'Génova' },
  { place: 'Mantova', country: 'IT', en: 'Mantua', de: 'Mantua', es: 'Mantua' },
  { place: 'Milan', country: 'IT', de: 'Mailand', es: 'Milán' },
  { place: 'Naples', country: 'IT', de: 'Neapel', es: 'Nápoles' },
  { place: 'Padova', country: 'IT', en: 'Padua', de: 'Padua', es: 'Padua' },
  { place: 'Rome', country: 'IT', de: 'Rom', es: 'Roma' },
  { place: 'Siracusa', country: 'IT', en: 'Syracuse', de: 'Syrakus' },
  { place: 'Turin', country: 'IT', es: 'Turín' },
  { place: 'Venice', country: 'IT', de: 'Venedig', es: 'Venecia' },
  { place: 'Kyoto', country: 'JP', es: 'Kioto' },
  { place: 'Tokyo', country: 'JP', de: 'Tokio', es: 'Tokio' },
  { place: 'Seoul', country: 'KR', es: 'Seúl' },
  { place: 'Luxembourg', country: 'LU', de: 'Luxemburg', es: 'Luxemburgo' },
  { place: 'Mexico City', country: 'MX', de: 'Mexiko-Stadt', es: 'Ciudad de México' },
  { place: 'The Hague', country: 'NL', de: 'Den Haag', es: 'La Haya' },
  { place: 'Kraków', country: 'PL', de: 'Krakau', es: 'Cracovia' },
  { place: 'Warsaw', country: 'PL', de: 'Warschau', es: 'Varsovia' },
  { place: 'Lisbon', country: 'PT', de: 'Lissabon', es: 'Lisboa' },
  { place: 'Porto', country: 'PT', es: 'Oporto' },
  { place: 'Bucharest', country: 'RO', de: 'Bukarest', es: 'Bucarest' },
  { place: 'Belgrade', country: 'RS', de: 'Belgrad', es: 'Belgrado' },
  { place: 'Moscow', country: 'RU', de: 'Moskau', es: 'Moscú' },
  { place: 'Saint Petersburg', country: 'RU', de: 'Sankt Petersburg', es: 'San Petersburgo' },
  { place: 'Riyadh', country: 'SA', de: 'Riad', es: 'Riad' },
  { place: 'Göteborg', country: 'SE', en: 'Gothenburg', es: 'Gotemburgo' },
  { place: 'Stockholm', country: 'SE', es: 'Estocolmo' },
  { place: 'Singapore', country: 'SG', de: 'Singapur', es: 'Singapur' },
  { place: 'Damascus', country: 'SY', de: 'Damaskus', es: 'Damasco' },
  { place: 'Istanbul', country: 'TR', es: 'Estambul' },
  { place: 'Kyiv', country: 'UA', de: 'Kiew', es: 'Kiev' },
  { place: 'Cape Town', country: 'ZA', de: 'Kapstadt', es: 'Ciudad del Cabo' },
];

/**
 * For one pass over the places, largest first: the names an entry gives the place `name` of `country`, handed to
 * the first (largest) such place only, or undefined.
 */
export function exonymFinder(): (
  name: string,
  country: string,
) => Partial<Record<ExonymLanguage, string>> | undefined {
  const byPlace = new Map<string, Exonym[]>();
  for (const e of EXONYMS) byPlace.set(e.place, [...(byPlace.get(e.place) ?? []), e]);
  return (name, country) => {
    const entries = byPlace.get(name);
    const at = entries?.findIndex((e) => e.country === country) ?? -1;
    if (!entries || at < 0) return undefined;
    const [{ place: _place, country: _country, ...names }] = entries.splice(at, 1) as [Exonym];
    return names;
  };
}
