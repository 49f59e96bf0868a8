/** Where processed images live: a folder on this machine or an S3-compatible bucket. */
export interface ImageStore {
  readonly kind: 'local' | 's3';
  /** Stores the object under `key`, replacing any object already there. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Removes the object; a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Relative `/uploads/<key>` for the local store; the absolute public URL for S3. */
  url(key: string): string;
}
