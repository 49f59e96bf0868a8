import fc from 'fast-check';
import { multipart, type Part } from '../src/test/products.js';
import { junkValue, MASS_ASSIGNMENT_KEYS, type Hints } from './arbitraries.js';

/** Files a form may carry: real small pictures, a picture lying about its type, bytes that are no picture. */
export interface SampleFiles {
  png: Buffer;
  jpegWithGps: Buffer;
}

const text = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

function fileArb(files: SampleFiles): fc.Arbitrary<{ filename: string; contentType: string; data: Buffer }> {
  return fc.oneof(
    {
      weight: 4,
      arbitrary: fc.constant({ filename: 'photo.png', contentType: 'image/png', data: files.png }),
    },
    {
      weight: 2,
      arbitrary: fc.constant({ filename: 'trip.jpg', contentType: 'image/jpeg', data: files.jpegWithGps }),
    },
    {
      weight: 1,
      arbitrary: fc.constant({ filename: 'lie.jpg', contentType: 'image/jpeg', data: files.png }),
    },
    {
      weight: 2,
      arbitrary: fc.uint8Array({ maxLength: 300 }).map((bytes) => ({
        filename: 'junk.png',
        contentType: 'image/png',
        data: Buffer.from(bytes),
      })),
    },
    // A PNG header on nothing, and a truncated real picture.
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(files.png.subarray(0, 8), files.png.subarray(0, files.png.length >> 1))
        .map((data) => ({
          filename: 'cut.png',
          contentType: 'image/png',
          data,
        })),
    },
  );
}

/** A plausible value for the named field, or an id from the hints. */
function plausibleArb(name: string, hints: Hints): fc.Arbitrary<string> {
  const plausible: Record<string, fc.Arbitrary<string>> = {
    Title: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 60 }),
    Description: fc.string({ unit: 'grapheme', maxLength: 200 }),
    Price: fc.oneof(
      fc.double({ min: 0, max: 1e6, noNaN: true }).map((n) => n.toFixed(2)),
      fc.constantFrom('0', '-5', '1e9'),
    ),
    Latitude: fc.double({ min: -90, max: 90, noNaN: true }).map(String),
    Longitude: fc.double({ min: -180, max: 180, noNaN: true }).map(String),
  };
  return /id$/i.test(name) || name === 'ImagesToDelete'
    ? hints.id(name).map(String)
    : (plausible[name] ?? fc.string({ maxLength: 20 }));
}

/** Form values: plausible ones for the named field, junk, or an id from the hints. */
const valueArb = (name: string, hints: Hints): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 4, arbitrary: plausibleArb(name, hints) },
    { weight: 1, arbitrary: junkValue.map(text) },
  );

/**
 * A multipart body for the listing and profile-photo forms: the SPEC's fields in any order and letter case, some
 * missing or repeated, mass-assignment fields (SellerId, IsSold, Views…) and files of every kind. Sometimes the body
 * is not multipart at all, or is cut short.
 */
export function formBody(
  fieldNames: string[],
  fileField: string,
  files: SampleFiles,
  hints: Hints,
): fc.Arbitrary<{ payload: Buffer | string; headers: Record<string, string> }> {
  const field = fc
    .constantFrom(...fieldNames, ...MASS_ASSIGNMENT_KEYS.map((key) => key[0]!.toUpperCase() + key.slice(1)))
    .chain((name) =>
      fc
        .tuple(fc.constantFrom(name, name.toLowerCase()), valueArb(name, hints))
        .map(([sent, value]): Part => ({ name: sent, value })),
    );
  const file = fc
    .tuple(fc.constantFrom(fileField, fileField.toLowerCase(), `${fileField}[0]`, 'Other'), fileArb(files))
    .map(([name, picked]): Part => ({ name, ...picked }));
  const required = fc
    .subarray(fieldNames)
    .chain((names) =>
      fc.tuple(...names.map((name) => valueArb(name, hints).map((value): Part => ({ name, value })))),
    );
  const form = fc
    .tuple(required, fc.array(field, { maxLength: 4 }), fc.array(file, { maxLength: 2 }), fc.boolean())
    .map(([parts, extra, attached, filesFirst]) => {
      const fields = [...parts, ...extra];
      return multipart(filesFirst ? [...attached, ...fields] : [...fields, ...attached]);
    });
  // Every field, each plausible, and a real picture: the form a person sends, so that listings exist for the
  // requests about them (the mixes above are rarely all valid at once).
  const complete = fc
    .tuple(
      fc.tuple(
        ...fieldNames.map((name) => plausibleArb(name, hints).map((value): Part => ({ name, value }))),
      ),
      fc.constantFrom(
        { filename: 'photo.png', contentType: 'image/png', data: files.png },
        { filename: 'trip.jpg', contentType: 'image/jpeg', data: files.jpegWithGps },
      ),
    )
    .map(([fields, picture]) => multipart([...fields, { name: fileField, ...picture }]));
  return fc.oneof(
    { weight: 4, arbitrary: complete },
    { weight: 12, arbitrary: form },
    {
      weight: 1,
      arbitrary: form.map(({ payload, headers }) => ({
        payload: payload.subarray(0, payload.length >> 1),
        headers,
      })),
    },
    {
      weight: 1,
      arbitrary: fc.constant({
        payload: '{"Title":"json"}',
        headers: { 'content-type': 'application/json' },
      }),
    },
    {
      weight: 1,
      arbitrary: fc.constant({ payload: 'no boundary', headers: { 'content-type': 'multipart/form-data' } }),
    },
  );
}
