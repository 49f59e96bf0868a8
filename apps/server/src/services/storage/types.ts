/** One object in a store, as the orphan sweep (jobs/orphan-uploads.ts) sees it. */
export interface StoredObject {
  key: string;
  /** When the object was last written (file mtime, S3 LastModified). */
  modifiedAt: Date;
}

/** Where processed images live: a folder on this machine or an S3-compatible bucket. */
export interface ImageStore {
  readonly kind: 'local' | 's3';
  /** Stores the object under `key`, replacing any object already there. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object's bytes, or undefined when there is none (backups read every listed object through this). */
  get?(key: string): Promise<Buffer | undefined>;
  /** Removes the object; a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Relative `/uploads/<key>` for the local store; the absolute public URL for S3. */
  url(key: string): string;
  /**
   * Every object whose key the store accepts, in no particular order, streamed (a store may hold millions).
   * Optional so a test double need not list; the orphan sweep does nothing on a store without it.
   */
  list?(): AsyncIterable<StoredObject>;
  /**
   * Local store only: removes the hidden temporary files of writes that a crash cut short (a finished write
   * renames its file, so one older than `before` was abandoned). Answers how many it removed.
   */
  removeAbandonedWrites?(before: Date): Promise<number>;
}
