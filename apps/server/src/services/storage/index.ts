import { join } from 'node:path';
import type { AppConfig } from '../../config.js';
import { createLocalImageStore } from './local.js';
import { createS3ImageStore } from './s3.js';
import type { ImageStore } from './types.js';

export type { ImageStore, StoredObject } from './types.js';
export {
  assertValidImageKey,
  isValidImageKey,
  newImageId,
  newImageKey,
  type ImageKind,
  type ImageVariant,
} from './keys.js';
export { createLocalImageStore, LOCAL_UPLOADS_URL_PREFIX } from './local.js';
export { createS3ImageStore, S3RequestError, type S3ImageStoreOptions } from './s3.js';

/** The folder the local store writes to and `/uploads/*` serves from. */
export const localUploadsDir = (config: Pick<AppConfig, 'dataDir'>): string =>
  join(config.dataDir, 'uploads');

/** The S3 bucket when S3_BUCKET is configured, else files under DATA_DIR/uploads. */
export function createImageStore(config: AppConfig): ImageStore {
  return config.s3 ? createS3ImageStore(config.s3) : createLocalImageStore(localUploadsDir(config));
}
