import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { storedFiles } from '../../db/schema.ts';
import type { FileStorage } from './storage.ts';

/**
 * Files kept in the database (table stored_files): with several instances on one PostgreSQL, what
 * one instance stores every instance serves, with nothing else to run. Fit for the sizes a sock
 * shop stores (images of at most a few MB); a bigger catalogue moves to an S3-compatible store.
 */
const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
};

/** The type of a stored file by its key's extension (keys are the server's own names). */
export function contentTypeOfStoredFile(key: string): string {
  return CONTENT_TYPES[key.split('.').pop() ?? ''] ?? 'application/octet-stream';
}

export function createDatabaseStorage(db: Database, contentTypeOf: (key: string) => string): FileStorage {
  return {
    async put(key, data) {
      await db
        .insert(storedFiles)
        .values({ key, contentType: contentTypeOf(key), bytes: data, size: data.length });
    },
    async get(key) {
      const [row] = await db
        .select({ bytes: storedFiles.bytes, size: storedFiles.size })
        .from(storedFiles)
        .where(eq(storedFiles.key, key));
      if (!row) return undefined;
      const bytes = Buffer.from(row.bytes);
      return { size: row.size, stream: () => Readable.from([bytes]) };
    },
    async delete(key) {
      await db.delete(storedFiles).where(eq(storedFiles.key, key));
    },
  };
}
