import { randomBytes } from 'node:crypto';
import type { UploadReply } from '../../../domain/requests.ts';
import type { Database } from '../../db/database.ts';
import { uploads } from '../../db/schema.ts';
import type { FileStorage, StoredFile } from '../../providers/storage/storage.ts';
import type { AuthUser } from '../auth/auth.service.ts';
import { sanitizeImage } from './image-sanitizer.ts';

/** Uploaded logos are served from here; the key is the random name api/upload made. */
export const UPLOADS_PREFIX = '/uploads/';

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
};
const STORED_NAME = /^[a-f0-9]{32}\.(png|jpg|gif)$/;

export interface IncomingFile {
  bytes: Buffer;
  /** As the browser named it: kept for the shop's information only, never used as a path. */
  filename: string;
}

/** 'C:\\fakepath\\logo.svg' -> 'logo.svg', without control characters, at most 255 characters. */
function originalName(filename: string): string {
  const base = filename.split(/[/\\]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
  return base.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 255) || 'unnamed';
}

export function createUploadsService({ db, storage }: { db: Database; storage: FileStorage }) {
  return {
    /** Checks and cleans the image, stores it under a random name and records who sent it. */
    async save(caller: AuthUser | null, file: IncomingFile, ip: string): Promise<UploadReply> {
      const image = await sanitizeImage(file.bytes);
      const storedName = `${randomBytes(16).toString('hex')}.${image.extension}`;
      const url = `${UPLOADS_PREFIX}${storedName}`;
      await storage.put(storedName, image.data);
      try {
        await db.insert(uploads).values({
          clientId: caller?.id ?? null,
          storedName,
          originalName: originalName(file.filename),
          mimeType: image.mimeType,
          sizeBytes: image.data.length,
          url,
          ip: ip.slice(0, 100),
        });
      } catch (error) {
        await storage.delete(storedName).catch(() => undefined);
        throw error;
      }
      return { url };
    },

    /** An upload to serve, or undefined for a name we never made. */
    async open(name: string): Promise<{ file: StoredFile; contentType: string } | undefined> {
      const match = STORED_NAME.exec(name);
      const contentType = match?.[1] ? CONTENT_TYPES[match[1]] : undefined;
      if (!contentType) return undefined;
      const file = await storage.get(name);
      return file ? { file, contentType } : undefined;
    },
  };
}

export type UploadsService = ReturnType<typeof createUploadsService>;
