import { Image, type ImageProps } from '@mantine/core';
import { type ImageVariant, imageVariant, PLACEHOLDER_IMAGE } from '../../domain/catalog.ts';

interface ProductImageProps extends Omit<ImageProps, 'src'> {
  /** The icon path as the server gives it (the full variant), or '' for none. */
  icon: string | null | undefined;
  variant: ImageVariant;
  alt: string;
  /** 'eager' for the image a page is about; lists load theirs as they scroll into view. */
  loading?: 'lazy' | 'eager';
}

/**
 * A catalogue image in one of its three variants (thumbnail 96 px, extra-small 240 px, full
 * 800 px), got by swapping the size segment of the path; the placeholder (drawn inline) when
 * there is none or it fails to load.
 */
export function ProductImage({ icon, variant, alt, loading = 'lazy', ...props }: ProductImageProps) {
  return (
    <Image
      src={imageVariant(icon, variant)}
      fallbackSrc={PLACEHOLDER_IMAGE}
      alt={alt}
      loading={loading}
      decoding="async"
      {...props}
    />
  );
}
