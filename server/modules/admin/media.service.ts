/**
 * The catalogue's own images (POST api/admin/images): the upload is checked and cleaned like a
 * custom-request logo, then drawn in the three variants the storefront asks for (full 800 px,
 * extra-small 240 px, thumbnail 96 px, as the seed's images), WebP, and kept behind the storage
 * interface: in the database when the shop runs on PostgreSQL (every instance serves what one
 * stored), on the local disk on embedded PGlite (one instance).
 */
import { randomBytes } from 'node:crypto';
import { IMAGE_VARIANTS } from '../../db/seed/images.ts';
import { loadSharp } from '../../lib/image-codecs.ts';
import type { FileStorage, StoredFile } from '../../providers/storage/storage.ts';
import { sanitizeImage } from '../requests/image-sanitizer.ts';

export const MEDIA_PREFIX = '/media/';
export type MediaVariant = (typeof IMAGE_VARIANTS)[number]['folder'];

const keyOf = (name: string, variant: MediaVariant) => `${name}-${variant}.webp`;

export function createMediaService(storage: FileStorage) {
  return {
    /** Stores the three variants; answers the full one's address (the others swap the folder). */
    async saveImage(bytes: Buffer): Promise<{ url: string }> {
      const clean = await sanitizeImage(bytes);
      // Hex, never base64url: a storage key starts with a letter or digit, never '-' or '_'.
      const name = randomBytes(12).toString('hex');
      const sharp = await loadSharp();
      const variants = await Promise.all(
        IMAGE_VARIANTS.map(async (variant) => ({
          variant: variant.folder,
          data: await sharp(clean.data)
            .resize(variant.size, variant.size, { fit: 'contain', background: '#ffffff' })
            .flatten({ background: '#ffffff' })
            .webp({ quality: 82 })
            .toBuffer(),
        })),
      );
      for (const { variant, data } of variants) await storage.put(keyOf(name, variant), data);
      return { url: `${MEDIA_PREFIX}full/${name}.webp` };
    },

    /** An image in one of its variants, or undefined. */
    open(variant: MediaVariant, name: string): Promise<StoredFile | undefined> {
      return storage.get(keyOf(name, variant));
    },
  };
}

export type MediaService = ReturnType<typeof createMediaService>;
