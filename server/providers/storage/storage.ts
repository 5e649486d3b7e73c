import type { Readable } from 'node:stream';

/**
 * Where uploaded files live (DESIGN.md "storage"): local disk under DATA_DIR now, an S3-compatible
 * bucket later. Keys are names the server made up (random, with an extension), never a visitor's.
 */
export interface FileStorage {
  /** Stores the bytes under the key, replacing nothing: keys are random and used once. */
  put(key: string, data: Buffer): Promise<void>;
  /** The stored file, or undefined when there is none. */
  get(key: string): Promise<StoredFile | undefined>;
  delete(key: string): Promise<void>;
}

export interface StoredFile {
  size: number;
  stream(): Readable;
}
