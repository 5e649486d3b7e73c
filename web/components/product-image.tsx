import { Image, type ImageProps } from '@mantine/core';
import { type ImageVariant, imageVariant, PLACEHOLDER_IMAGE } from '../../domain/images.ts';

interface ProductImageProps extends Omit<ImageProps, 'src'> {
  /** The icon path as the server gives it (the full variant), or '' for none. */
  icon: string | null | undefined;
  variant: ImageVariant;
  alt: string;
  /** 'eager' for the image a page is about; lists load theirs as they scroll into view. */
  loading?: 'lazy' | 'eager';
  /** The page's largest image in the first screen: fetched at once, before other images. */
  priority?: boolean;
}

/**
 * A catalogue image in one of its three variants (thumbnail 96 px, extra-small 240 px, full
 * 800 px), got by swapping the size segment of the path; the placeholder (drawn inline) when
 * there is none or it fails to load.
 */
export function ProductImage({
  icon,
  variant,
  alt,
  loading = 'lazy',
  priority,
  ...props
}: ProductImageProps) {
  return (
    <Image
      src={imageVariant(icon, variant)}
      fallbackSrc={PLACEHOLDER_IMAGE}
      alt={alt}
      loading={priority ? 'eager' : loading}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      {...props}
    />
  );
}
