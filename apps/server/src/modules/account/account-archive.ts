/**
 * "Download my data" as a person can open it without tools: a ZIP with the export's JSON, the photos they uploaded
 * (listings at full size, profile and cover pictures) and a README saying what is where. Streamed, one photo read at
 * a time, so a seller with hundreds of photos costs the server one photo of memory, not all of them.
 */
import { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import type { AccountExport } from '@rummage/contract';

/** A stored picture and the name it gets in the archive. */
export interface ArchivedPhoto {
  path: string;
  key: string;
}

export interface PhotoReader {
  get?(key: string): Promise<Buffer | undefined>;
}

interface Log {
  warn(object: object, message: string): void;
}

export const ARCHIVE_DATA_FILE = 'rummage-data.json';

/** Listing photos as photos/listing-<id>-<n>.webp in the listing's order; the profile's pictures under profile/. */
export function archivedPhotos(keys: {
  listingPhotos: Array<{ productId: number; largeKey: string }>;
  profile: string[];
  cover: string[];
}): ArchivedPhoto[] {
  const seen = new Map<number, number>();
  const photos = keys.listingPhotos.map(({ productId, largeKey }) => {
    const n = (seen.get(productId) ?? 0) + 1;
    seen.set(productId, n);
    return { path: `photos/listing-${productId}-${n}${extensionOf(largeKey)}`, key: largeKey };
  });
  for (const key of keys.profile) photos.push({ path: `profile/photo${extensionOf(key)}`, key });
  for (const key of keys.cover) photos.push({ path: `profile/cover${extensionOf(key)}`, key });
  return photos;
}

const extensionOf = (key: string) => /\.\w+$/.exec(key)?.[0] ?? '';

function readme(data: AccountExport, photos: ArchivedPhoto[]): string {
  return [
    `Everything ${data.product} held about @${data.profile.username} on ${data.exportedAt}.`,
    '',
    `${ARCHIVE_DATA_FILE}: your profile, listings, garage sales, likes, follows, chats, support tickets,`,
    'sessions and what staff recorded about your account, as JSON.',
    photos.length > 0
      ? 'photos/: the photos of your listings, listing-<listing id>-<n> in the order the listing shows them;\nprofile/: your profile and cover pictures.'
      : 'You had no photos stored with us.',
    '',
  ].join('\n');
}

/**
 * The archive as a stream of bytes. yazl asks for each photo only when it is about to write it, so photos are read
 * one at a time as the download proceeds. A photo that cannot be read stays an empty file and is named in
 * MISSING.txt, written last, so the download never breaks halfway for one lost file.
 */
export function accountArchive(
  data: AccountExport,
  photos: ArchivedPhoto[],
  store: PhotoReader,
  log: Log,
): Readable {
  const zip = new ZipFile();
  zip.addBuffer(Buffer.from(readme(data, photos)), 'README.txt');
  // Stored, not deflated: a few kilobytes, and the archive's bytes then show exactly which texts it carries (the
  // security suite's leak checks read responses as text).
  zip.addBuffer(Buffer.from(JSON.stringify(data, null, 2)), ARCHIVE_DATA_FILE, { compress: false });
  const missing: string[] = [];
  const later = (path: string, bytes: () => Promise<Buffer>, compress: boolean) =>
    zip.addReadStreamLazy(path, { compress }, (done) => {
      bytes().then(
        (buffer) => done(null, Readable.from([buffer])),
        (error: unknown) => done(error, Readable.from([])),
      );
    });
  for (const photo of photos) {
    // Photos are already compressed (WebP); deflating them again costs CPU for nothing.
    later(
      photo.path,
      async () => {
        const bytes = await store.get?.(photo.key).catch((error: unknown) => {
          log.warn({ err: error, key: photo.key }, 'photo not readable for an export');
          return undefined;
        });
        if (!bytes) missing.push(photo.path);
        return bytes ?? Buffer.alloc(0);
      },
      false,
    );
  }
  if (photos.length > 0) {
    later(
      'MISSING.txt',
      async () =>
        Buffer.from(
          missing.length === 0
            ? 'Every photo was found.\n'
            : `Not found in storage when you downloaded (left empty):\n${missing.join('\n')}\n`,
        ),
      true,
    );
  }
  zip.end();
  return zip.outputStream as Readable;
}
