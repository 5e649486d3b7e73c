import { Group, Stack, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useRef, useState } from 'react';
import { ProductImage } from '../../components/product-image.tsx';
import classes from './catalog.module.css';

const ImageModal = lazy(() => import('./image-modal.tsx').then((module) => ({ default: module.ImageModal })));

/**
 * The large image of a product or package, a click enlarges it; with several images, thumbnails
 * pick the one shown. Images are the full variant; thumbnails the thumbnail variant.
 */
export function ProductGallery({ images, name }: { images: readonly string[]; name: string }) {
  const [activeIndex, setActiveIndex] = useState(0);
  const [enlarged, enlarge] = useDisclosure(false);
  const active = images[activeIndex] ?? images[0] ?? '';
  const enlargeButton = useRef<HTMLButtonElement>(null);
  // The viewer is removed on closing, so it cannot give the focus back itself: the image it came from takes it.
  const closeViewer = () => {
    enlarge.close();
    enlargeButton.current?.focus();
  };

  return (
    <Stack gap="sm" className={classes.gallery}>
      <UnstyledButton
        ref={enlargeButton}
        className={classes.mainImageButton}
        onClick={enlarge.open}
        aria-label={`Enlarge the image of ${name}`}
      >
        <ProductImage
          icon={active}
          variant="full"
          alt={name}
          priority
          fit="contain"
          style={{ aspectRatio: 1 }}
        />
      </UnstyledButton>
      {images.length > 1 ? (
        <Group gap="xs">
          {images.map((image, index) => (
            <UnstyledButton
              key={image}
              className={classes.thumbButton}
              aria-label={`Show image ${index + 1} of ${images.length}`}
              aria-pressed={index === activeIndex}
              onClick={() => setActiveIndex(index)}
            >
              <ProductImage icon={image} variant="thumbnail" alt="" fit="cover" h="100%" />
            </UnstyledButton>
          ))}
        </Group>
      ) : null}
      {enlarged ? (
        <Suspense fallback={null}>
          <ImageModal icon={active} name={name} onClose={closeViewer} />
        </Suspense>
      ) : null}
    </Stack>
  );
}
