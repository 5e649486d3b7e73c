import { REQUEST_MESSAGES, UPLOAD_EMPTY_MESSAGE } from '../../../domain/requests.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { loadFileTypeDetection, loadSharp, type Sharp } from '../../lib/image-codecs.ts';

/**
 * Turns the bytes a visitor uploaded into an image we are willing to store and serve, or refuses
 * them. The type comes from the bytes, never from the name or the Content-Type header. Every image
 * is decoded and encoded again, so nothing rides along: no script in an SVG (SVGs become PNGs),
 * no HTML or archive appended to a PNG (polyglots), no EXIF location of a phone photo.
 */

export interface CleanImage {
  data: Buffer;
  extension: 'png' | 'jpg' | 'gif';
  mimeType: 'image/png' | 'image/jpeg' | 'image/gif';
}

/** About 8000 x 5000: a decompression bomb (a tiny file with huge dimensions) is refused. */
const MAX_PIXELS = 40_000_000;
/** An SVG is drawn so that its longer side is this many pixels (logos are printed on socks). */
const SVG_RENDER_SIDE = 1200;

const notAnImage = () => new AppError('unsupported_type', REQUEST_MESSAGES.onlyImages, 415);
const wrongImageType = () => new AppError('unsupported_type', REQUEST_MESSAGES.imageTypes, 415);

export async function sanitizeImage(bytes: Buffer): Promise<CleanImage> {
  if (bytes.length === 0) throw badRequest(UPLOAD_EMPTY_MESSAGE);
  const [fileTypeFromBuffer, sharp] = await Promise.all([loadFileTypeDetection(), loadSharp()]);
  const detected = await fileTypeFromBuffer(bytes);
  try {
    switch (detected?.mime) {
      case 'image/png':
        return { data: await decode(sharp, bytes).png().toBuffer(), extension: 'png', mimeType: 'image/png' };
      case 'image/jpeg':
        return {
          data: await decode(sharp, bytes).jpeg({ quality: 90 }).toBuffer(),
          extension: 'jpg',
          mimeType: 'image/jpeg',
        };
      case 'image/gif':
        return {
          data: await sharp(bytes, { animated: true, limitInputPixels: MAX_PIXELS }).gif().toBuffer(),
          extension: 'gif',
          mimeType: 'image/gif',
        };
      case undefined:
      case 'application/xml':
        if (!isSvgDocument(bytes)) throw notAnImage();
        return { data: await renderSvg(sharp, bytes), extension: 'png', mimeType: 'image/png' };
      default:
        // An image of another kind (WebP, BMP, TIFF, HEIC...) gets the spec's list of types.
        throw detected?.mime.startsWith('image/') ? wrongImageType() : notAnImage();
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    // The decoder refused it: corrupt, truncated, too many pixels, or only pretending to be an image.
    throw notAnImage();
  }
}

function decode(sharp: Sharp, bytes: Buffer) {
  // Phones store the orientation in EXIF; apply it, since the metadata is not kept.
  return sharp(bytes, { limitInputPixels: MAX_PIXELS }).autoOrient();
}

/**
 * A UTF-8 XML document whose root element is <svg>: an optional XML declaration, comments and a
 * DOCTYPE without an internal subset may come first. Entity declarations are refused outright.
 */
export function isSvgDocument(bytes: Buffer): boolean {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  if (/<!ENTITY/i.test(text)) return false;
  let rest = text.replace(/^\uFEFF/, '');
  const prolog = /^\s*(?:<\?xml[^>]*\?>|<!--[\s\S]*?-->|<!DOCTYPE\s+svg[^[>]*>)/;
  for (let match = prolog.exec(rest); match; match = prolog.exec(rest)) {
    rest = rest.slice(match[0].length);
  }
  return /^\s*<svg[\s>/]/.test(rest);
}

/**
 * Draws the SVG into a PNG with librsvg: scripts and event handlers are never run and never kept,
 * and librsvg loads no external file or URL for a document given as bytes.
 */
async function renderSvg(sharp: Sharp, bytes: Buffer): Promise<Buffer> {
  const { width, height } = await sharp(bytes, { limitInputPixels: false }).metadata();
  if (!width || !height) throw notAnImage();
  const density = Math.min(100_000, Math.max(1, (72 * SVG_RENDER_SIDE) / Math.max(width, height)));
  return sharp(bytes, { density, limitInputPixels: MAX_PIXELS })
    .resize({ width: SVG_RENDER_SIDE, height: SVG_RENDER_SIDE, fit: 'inside', withoutEnlargement: true })
    .png()
    .toBuffer();
}
