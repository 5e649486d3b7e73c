import {
  Anchor,
  Badge,
  Button,
  Center,
  Chip,
  Container,
  Grid,
  Group,
  Loader,
  NumberInput,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { type ReactNode, useDeferredValue, useEffect, useRef, useState } from 'react';
import { Link, Navigate, useLocation, useParams, useSearchParams } from 'react-router';
import type { ProductDetail } from '../../../domain/catalog.ts';
import {
  GET_PRICE_TEXT,
  NOT_ENOUGH_STOCK_TEXT,
  orderButtonsDisabled,
  type QuantityInput,
  quantityInput,
  quantityOf,
  resetQuantity,
  SELECT_SIZE_TEXT,
} from '../../../domain/catalog-display.ts';
import { PriceTag } from '../../components/price-tag.tsx';
import { useBackToList } from '../../components/use-back-to-list.ts';
import { isLoggedIn, useLoggedClient } from '../../lib/auth-store.ts';
import { useMessagesSettled, useMessageText } from '../../lib/catalog-queries.ts';
import { useConfig } from '../../lib/config.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { paths } from '../../lib/paths.ts';
import { recordProductVisit, useProductDetail, useProductStock } from './catalog.api.ts';
import classes from './catalog.module.css';
import { parseId, preselectedSizeId, stockMessages, stockOfSelection } from './catalog-rules.ts';
import { LoadFailure } from './load-failure.tsx';
import { OptionLink } from './option-link.tsx';
import { OrderButtons } from './order-buttons.tsx';
import { ProductGallery } from './product-gallery.tsx';
import { useCartButtons } from './use-cart-buttons.ts';

/**
 * What a colour link carries to the sibling's page: the size to keep chosen. A link from
 * elsewhere may name the size in the query instead (route parameter size, spec §2: ?size=M).
 */
interface ProductLocationState {
  size?: string;
}

function sizeFromState(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null || !('size' in state)) return undefined;
  return typeof state.size === 'string' ? state.size : undefined;
}

function PriceLine({ pricing, priceDiscount }: { pricing: number | null; priceDiscount: number | null }) {
  const loggedIn = isLoggedIn(useLoggedClient());
  const location = useLocation();
  if (pricing !== null) return <PriceTag pricing={pricing} priceDiscount={priceDiscount} size="lg" />;
  // Logged in with prices hidden (wish-list mode): no price at all.
  if (loggedIn) return null;
  return (
    <Anchor component={Link} to={paths.login(`${location.pathname}${location.search}`)} fw={600}>
      {GET_PRICE_TEXT}
    </Anchor>
  );
}

function ColourPicker({ product, sizeName }: { product: ProductDetail; sizeName: string | undefined }) {
  const siblings = product.others.some((other) => other.id === product.id)
    ? product.others
    : [
        {
          id: product.id,
          icon: product.icon,
          name: product.name,
          color: product.color,
          instock: product.instock,
        },
        ...product.others,
      ];
  if (siblings.length < 2) return null;
  const state: ProductLocationState | undefined = sizeName ? { size: sizeName } : undefined;

  return (
    <Stack gap={6} role="group" aria-labelledby="colour-label">
      <Text size="sm" fw={600} id="colour-label">
        Colour: <Text span>{product.color}</Text>
      </Text>
      <Group gap="xs" align="stretch">
        {siblings.map((sibling) => {
          const current = sibling.id === product.id;
          return (
            <OptionLink
              key={sibling.id}
              to={paths.product(product.category_id, sibling.id)}
              state={state}
              icon={sibling.icon}
              label={sibling.color || sibling.name}
              title={sibling.name}
              active={current}
              soldOut={sibling.instock <= 0}
            />
          );
        })}
      </Group>
    </Stack>
  );
}

function ProductView({ product, wantedSize }: { product: ProductDetail; wantedSize: string | undefined }) {
  const { config } = useConfig();
  const loggedIn = isLoggedIn(useLoggedClient());
  const [sizeId, setSizeId] = useState<number | null>(() => preselectedSizeId(product, wantedSize));
  const noSizeChosen = product.withsize && sizeId === null;
  const known = stockOfSelection(product, sizeId);
  // Sold out in every size, a sized product has no size to choose: it is out of stock instead.
  const sizeMissing = noSizeChosen && known === null;
  const stockQuery = useProductStock(
    product.id,
    product.withsize ? sizeId : null,
    known ?? undefined,
    !noSizeChosen,
  );
  const instock = noSizeChosen ? known : (stockQuery.data ?? known);
  // In price mode the quantity resets to 0 when there is no stock, otherwise to 1 (spec §2):
  // when a size is chosen, and when the stock of the selection becomes known or changes.
  const quantityFor = (stock: number | null) =>
    stock === null ? 1 : resetQuantity(config.showPrices, stock);
  const [quantityBox, setQuantity] = useState<QuantityInput>(() => quantityFor(instock));
  const quantity = quantityOf(quantityBox);
  // The stock or the mode the quantity was last reset for: a new one resets it, during render.
  const [resetFor, setResetFor] = useState({ instock, showPrices: config.showPrices });
  if (resetFor.instock !== instock || resetFor.showPrices !== config.showPrices) {
    setResetFor({ instock, showPrices: config.showPrices });
    setQuantity(quantityFor(instock));
  }
  const notEnoughText = useMessageText('not_enough_stock') ?? NOT_ENOUGH_STOCK_TEXT;
  // Opened directly: back to the product's group; a visitor, who cannot browse it, to the showroom.
  const back = useBackToList(loggedIn ? paths.categories(product.category_id) : paths.showroom());

  const chooseSize = (value: string) => {
    const id = Number(value);
    setSizeId(id);
    setQuantity(quantityFor(stockOfSelection(product, id)));
  };

  const images = [product.icon, ...product.product_images.map((image) => image.image)].filter(
    (image, index, all) => image && all.indexOf(image) === index,
  );
  const sizeName = product.size.find((size) => size.id === sizeId)?.name;
  const { note, shortage } = stockMessages(instock, quantity, notEnoughText, product.name);
  const disabled = orderButtonsDisabled({
    instock: instock ?? 0,
    quantity,
    withsize: product.withsize,
    sizeId,
  });
  const cartButtons = useCartButtons(
    { productId: product.id, quantity, size_id: product.withsize ? sizeId : null, isPackage: false },
    product.name,
  );

  return (
    <Grid gap={{ base: 'lg', md: 48 }}>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <ProductGallery key={product.id} images={images.length > 0 ? images : ['']} name={product.name} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Stack gap="md">
          <Stack gap={4}>
            <Group gap="xs">
              <Text size="sm" c="dimmed" tt="uppercase" fw={600}>
                {product.category_name}
              </Text>
              {product.isNew ? <Badge variant="filled">New</Badge> : null}
            </Group>
            <Title order={1}>{product.name}</Title>
            <Text size="sm" c="dimmed">
              {product.code}
            </Text>
          </Stack>
          <PriceLine pricing={product.pricing} priceDiscount={product.price_discount} />
          {product.short_description ? <Text size="lg">{product.short_description}</Text> : null}

          <ColourPicker product={product} sizeName={sizeName} />

          {product.withsize ? (
            <Stack gap={6} role="radiogroup" aria-labelledby="size-label">
              <Text size="sm" fw={600} id="size-label">
                Size
              </Text>
              <Chip.Group value={sizeId === null ? null : String(sizeId)} onChange={chooseSize}>
                <Group gap="xs">
                  {product.size.map((size) => {
                    // A sold-out size is marked and cannot be chosen (one named by a link stays shown).
                    const soldOut = size.instock <= 0;
                    return (
                      <Chip
                        key={size.id}
                        value={String(size.id)}
                        variant="outline"
                        type="radio"
                        name="size"
                        disabled={soldOut && String(size.id) !== String(sizeId)}
                      >
                        <span className={soldOut ? classes.soldOut : undefined}>{size.name}</span>
                        {soldOut ? <VisuallyHidden> (sold out)</VisuallyHidden> : null}
                      </Chip>
                    );
                  })}
                </Group>
              </Chip.Group>
              {sizeMissing ? (
                <Text size="sm" c="orange.9">
                  {SELECT_SIZE_TEXT}
                </Text>
              ) : null}
            </Stack>
          ) : null}

          <NumberInput
            label="Quantity"
            value={quantityBox}
            onChange={(value) => setQuantity(quantityInput(value))}
            min={1}
            max={9999}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="blur"
            w={140}
          />
          <Stack gap={4} aria-live="polite">
            {note ? (
              <Text fw={600} c={instock !== null && instock <= 0 ? 'dimmed' : 'orange.9'}>
                {note}
              </Text>
            ) : null}
            {shortage ? (
              <Text c="red.8" fw={500}>
                {shortage}
              </Text>
            ) : null}
          </Stack>

          <OrderButtons disabledByRules={disabled} {...cartButtons}>
            <Button variant="subtle" size="md" onClick={back}>
              Back to List
            </Button>
          </OrderButtons>

          {product.long_description ? (
            <Stack gap={6} pt="md">
              <Title order={2} size="h4">
                Details
              </Title>
              <Text c="dark.5" className={classes.description}>
                {product.long_description}
              </Text>
            </Stack>
          ) : null}
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

/** The product page (routes product, product/{id}, product/{ctid}/{id}; spec §2 Product detail). */
export function ProductPage() {
  const params = useParams();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const id = parseId(params.id) ?? 0;
  const ctid = parseId(params.ctid) ?? 0;
  const detail = useProductDetail(ctid, id);
  // The product's page renders as a non-urgent update, in slices between which the browser stays
  // responsive, instead of one long task when its data arrives (Lighthouse's TBT, bench/README.md).
  // It waits for the settings and the messages it shows (asked for beside the product), so that
  // it renders once rather than again as each arrives.
  const { isLoading: configLoading } = useConfig();
  const messagesSettled = useMessagesSettled();
  const ready = !configLoading && messagesSettled;
  const product = useDeferredValue(ready ? detail.data : undefined);
  const recorded = useRef<number | null>(null);
  const shownId = product?.id ?? 0;
  usePageTitle(product?.pkId === null ? product.name : undefined);

  // Each visit is recorded, once per product shown (not for an id that shows nothing).
  useEffect(() => {
    if (shownId > 0 && recorded.current !== shownId) {
      recorded.current = shownId;
      recordProductVisit(shownId);
    }
  }, [shownId]);

  let content: ReactNode;
  if (id === 0 || detail.isError) {
    content = <LoadFailure title="This product could not be shown" />;
  } else if (!product) {
    content = (
      <Center py={80}>
        <Loader aria-label="Loading the product" />
      </Center>
    );
  } else if (product.pkId !== null) {
    // A product of a package category is sold by the package: its page is the package page.
    content = <Navigate to={paths.packageDetail(product.pkId, product.id)} replace />;
  } else {
    content = (
      <ProductView
        key={product.id}
        product={product}
        wantedSize={sizeFromState(location.state) ?? searchParams.get('size') ?? undefined}
      />
    );
  }

  return <Container py={{ base: 'lg', sm: 'xl' }}>{content}</Container>;
}
