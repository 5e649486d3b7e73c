import { Modal } from '@mantine/core';
import { ProductImage } from '../../components/product-image.tsx';

/**
 * A product image enlarged (spec §2 package detail: click to enlarge). Its own chunk, loaded on the
 * first click: a modal brings focus trapping, scroll locking and portals the page does not need
 * before (Lighthouse counted them in the product page's blocking time).
 */
export function ImageModal({ icon, name, onClose }: { icon: string; name: string; onClose: () => void }) {
  return (
    <Modal opened onClose={onClose} title={name} size="xl" centered>
      <ProductImage
        icon={icon}
        variant="full"
        alt={name}
        loading="eager"
        fit="contain"
        h="min(75vh, 800px)"
        w="100%"
      />
    </Modal>
  );
}
