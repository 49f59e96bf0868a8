import { randomBytes, randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { categories, productImages, products } from '../db/schema.js';

export interface ProductFields {
  title: string;
  description: string;
  price: number;
  latitude: number;
  longitude: number;
  categoryTitle: string;
  createdAt: Date;
  isSold: boolean;
  hidden: boolean;
  /** Number of photo rows (no files are written: lists only need keys). */
  images: number;
}

/** A listing row straight through the database (fast: no upload, no image processing). Answers its id. */
export async function createProduct(
  app: FastifyInstance,
  sellerId: number,
  fields: Partial<ProductFields> = {},
): Promise<number> {
  const db = app.parts.storage.database.db;
  let categoryId: number | null = null;
  if (fields.categoryTitle) {
    const [row] = await db
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.title, fields.categoryTitle));
    categoryId = row?.id ?? null;
  }
  const now = new Date();
  const [row] = await db
    .insert(products)
    .values({
      sellerId,
      categoryId,
      title: fields.title ?? `Test item ${randomBytes(3).toString('hex')}`,
      description: fields.description ?? 'A thing for sale.',
      price: fields.price ?? 10,
      latitude: fields.latitude ?? 41.8781,
      longitude: fields.longitude ?? -87.6298,
      locationText: 'Chicago, IL',
      isSold: fields.isSold ?? false,
      soldAt: fields.isSold ? now : null,
      hiddenAt: fields.hidden ? now : null,
      createdAt: fields.createdAt ?? now,
    })
    .returning({ id: products.id });
  const id = row!.id;
  const count = fields.images ?? 1;
  if (count > 0) {
    await db.insert(productImages).values(
      Array.from({ length: count }, (_, position) => {
        const key = randomUUID();
        return {
          productId: id,
          position,
          largeKey: `products/test/${key}-large.webp`,
          thumbKey: `products/test/${key}-thumb.webp`,
          width: 100,
          height: 100,
        };
      }),
    );
  }
  return id;
}

export type Part =
  | { name: string; value: string | number }
  | { name: string; filename: string; contentType?: string; data: Buffer };

/** A multipart/form-data body for app.inject, parts in the given order (as a browser's FormData sends them). */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----rummage${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('data' in part) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
            `Content-Type: ${part.contentType ?? 'image/png'}\r\n\r\n`,
        ),
        part.data,
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${String(part.value)}\r\n`,
        ),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** The fields of a valid listing form (SPEC names), to which tests add or remove parts. */
export function listingFields(overrides: Record<string, string | number> = {}): Part[] {
  const values: Record<string, string | number> = {
    Title: 'Oak bookshelf',
    Description: 'Five shelves, solid oak.',
    Price: '45.50',
    Latitude: '41.8781',
    Longitude: '-87.6298',
    ...overrides,
  };
  return Object.entries(values).map(([name, value]) => ({ name, value }));
}

/** A small solid-colour PNG. */
export function png(width = 64, height = 48, colour = '#3366cc'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

/** A JPEG carrying what a phone leaks: camera make and a GPS position in EXIF. */
export function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 120, height: 80, channels: 3, background: '#88aa44' } })
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'RummageCam' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '41/1 52/1 5/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '87/1 37/1 40/1',
      },
    })
    .toBuffer();
}

export const image = (data: Buffer, filename = 'photo.png', contentType = 'image/png'): Part => ({
  name: 'Images',
  filename,
  contentType,
  data,
});

/** Every regular file under a folder (temporary dot-files included), relative paths. */
export function filesUnder(dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true, recursive: true });
  } catch {
    return [];
  }
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}
