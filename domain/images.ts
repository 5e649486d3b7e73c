/** Catalogue images (spec storefront §2): their variants and the placeholder. No Zod here (see catalog.ts). */

export const IMAGE_VARIANTS = ['full', 'extra-small', 'thumbnail'] as const;
export type ImageVariant = (typeof IMAGE_VARIANTS)[number];
/**
 * Shown where a product has no image, or its image fails to load (spec §2 Showroom): a plain sock
 * drawn inline, so it needs no file on the server and is the same in every variant.
 */
export const PLACEHOLDER_IMAGE = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 240">' +
    '<rect width="240" height="240" fill="#f4efe6"/>' +
    '<path d="M76 50h50v95h28a22 22 0 0 1 0 44h-56a22 22 0 0 1-22-22z" fill="#e6ddd0" stroke="#c9bdad" stroke-width="4" stroke-linejoin="round"/>' +
    '<path d="M76 70h50" stroke="#c9bdad" stroke-width="4"/>' +
    '</svg>',
)}`;

/**
 * Image variants come from swapping the size segment of the icon path (spec §2 package detail);
 * no icon gives the placeholder.
 */
export function imageVariant(icon: string | null | undefined, variant: ImageVariant): string {
  if (!icon) return PLACEHOLDER_IMAGE;
  return icon.replace(/\/(full|extra-small|thumbnail)\//, `/${variant}/`);
}
