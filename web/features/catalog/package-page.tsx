import {
  Anchor,
  Button,
  Center,
  Container,
  Grid,
  Group,
  Loader,
  NumberInput,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import type { PackageDetail } from '../../../domain/catalog.ts';
import {
  GET_PRICE_TEXT,
  NOT_ENOUGH_STOCK_TEXT,
  orderButtonsDisabled,
  packageStockText,
  type QuantityInput,
  quantityInput,
  quantityOf,
  resetQuantity,
} from '../../../domain/catalog-display.ts';
import { formatMoney } from '../../../domain/money.ts';
import { useBackToList } from '../../components/use-back-to-list.ts';
import { isLoggedIn, useLoggedClient } from '../../lib/auth-store.ts';
import { useMessageText } from '../../lib/catalog-queries.ts';
import { useConfig } from '../../lib/config.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { paths } from '../../lib/paths.ts';
import { recordPackageVisit, usePackageDetail, usePackageStock, useProductDetail } from './catalog.api.ts';
import classes from './catalog.module.css';
import { parseId, stockMessages, totalPrice } from './catalog-rules.ts';
import { LoadFailure } from './load-failure.tsx';
import { OptionLink } from './option-link.tsx';
import { OrderButtons } from './order-buttons.tsx';
import { ProductGallery } from './product-gallery.tsx';
import { useCartButtons } from './use-cart-buttons.ts';

function Selector({ label, children }: { label: string; children: ReactNode }) {
  const id = `selector-${label.toLowerCase()}`;
  return (
    <Stack gap={6} role="group" aria-labelledby={id}>
      <Text size="sm" fw={600} id={id}>
        {label}
      </Text>
      <Group gap="xs" align="stretch">
        {children}
      </Group>
    </Stack>
  );
}

function PackageView({ pkg, pkId }: { pkg: PackageDetail; pkId: number }) {
  const loggedIn = isLoggedIn(useLoggedClient());
  const { config } = useConfig();
  const location = useLocation();
  // Stock is asked for each time a package is selected; 0 when the call fails (spec §4, §8).
  const stock = usePackageStock(pkId, pkg.id === pkId ? pkg.instock : undefined);
  const instock = stock.data ?? 0;
  const [quantityBox, setQuantity] = useState<QuantityInput>(1);
  const quantity = quantityOf(quantityBox);
  const notEnoughText = useMessageText('not_enough_stock') ?? NOT_ENOUGH_STOCK_TEXT;
  const stockKnown = !(stock.isPending && stock.data === undefined);
  const { shortage } = stockMessages(stockKnown ? instock : null, quantity, notEnoughText, pkg.name);
  // Opened directly: back to the package's group; a visitor, who cannot browse it, to the showroom.
  const back = useBackToList(loggedIn ? paths.categories(pkg.category_id) : paths.showroom());
  // A sold-out colour takes no quantity and has no total; it shows 0 in price mode and 1 in wish-list
  // mode, as a product's quantity resets (spec §2 Product detail).
  const soldOut = stockKnown && instock <= 0;
  const total = soldOut ? null : totalPrice(pkg.pricing, quantity);
  const disabled = orderButtonsDisabled({ instock, quantity, withsize: false, sizeId: null });
  const cartButtons = useCartButtons({ productId: pkId, quantity, size_id: null, isPackage: true }, pkg.name);

  return (
    <Grid gap={{ base: 'lg', md: 48 }}>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <ProductGallery key={pkg.icon} images={[pkg.icon]} name={pkg.name} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={1}>{pkg.name}</Title>
            <Text size="sm" c="dimmed">
              {pkg.code}
            </Text>
          </Stack>
          {pkg.pricing !== null ? (
            <Text fz={28} fw={800} c="maple.8">
              {formatMoney(pkg.pricing)}
            </Text>
          ) : loggedIn ? null : (
            <Anchor component={Link} to={paths.login(`${location.pathname}${location.search}`)} fw={600}>
              {GET_PRICE_TEXT}
            </Anchor>
          )}
          {pkg.long_description ? (
            <Text c="dark.5" className={classes.description}>
              {pkg.long_description}
            </Text>
          ) : null}

          {pkg.others.length > 0 ? (
            <Selector label="Colour">
              {pkg.others.map((other) => (
                <OptionLink
                  key={other.id}
                  to={paths.packageDetail(other.id, pkg.product_id)}
                  icon={other.icon}
                  label={other.color || other.name}
                  title={other.name}
                  active={other.id === pkId}
                  soldOut={other.instock <= 0}
                />
              ))}
            </Selector>
          ) : null}

          {pkg.products.length > 0 ? (
            <Selector label="Product">
              {pkg.products.map((product) => (
                <OptionLink
                  key={product.id}
                  to={paths.packageDetail(product.pkId, product.id)}
                  icon={product.icon}
                  label={product.name}
                  title={product.name}
                  active={product.id === pkg.product_id}
                />
              ))}
            </Selector>
          ) : null}

          <Group align="flex-end" gap="lg">
            <NumberInput
              label="Quantity"
              value={soldOut ? resetQuantity(config.showPrices, instock) : quantityBox}
              disabled={soldOut}
              onChange={(value) => setQuantity(quantityInput(value))}
              min={1}
              max={9999}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="blur"
              w={140}
            />
            {total !== null ? (
              <Stack gap={0}>
                <Text size="sm" c="dimmed">
                  Total
                </Text>
                <Text fw={700} size="lg" aria-label={`Total ${formatMoney(total)}`}>
                  {formatMoney(total)}
                </Text>
              </Stack>
            ) : null}
          </Group>
          <Stack gap={4} aria-live="polite">
            <Text fw={600} c={instock > 0 ? 'green.9' : 'dimmed'}>
              {stockKnown ? packageStockText(instock) : '\u00a0'}
            </Text>
            {shortage && instock > 0 ? (
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
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

/**
 * Route package/{id} names only the product: it opens the product's first package (the product's
 * pkId), or says it could not be shown.
 */
function FirstPackage({ productId }: { productId: number }) {
  const product = useProductDetail(0, productId);
  const firstPkId = product.data?.pkId ?? null;
  if (firstPkId !== null) return <Navigate to={paths.packageDetail(firstPkId, productId)} replace />;
  if (product.isError || product.data) return <LoadFailure title="This package could not be shown" />;
  return (
    <Center py={80}>
      <Loader aria-label="Loading the package" />
    </Center>
  );
}

/** The package page (routes package/{pkId}/{id}; spec §2 Package detail): id is the product, pkId the package. */
export function PackagePage() {
  const params = useParams();
  const pkId = parseId(params.pkId) ?? 0;
  const productId = parseId(params.id) ?? 0;
  const detail = usePackageDetail(productId, pkId);
  const recorded = useRef<number | null>(null);
  // The package shown, not the previous one kept on screen while the next loads.
  const shownId = detail.data && !detail.isPlaceholderData ? detail.data.id : 0;
  usePageTitle(shownId > 0 ? detail.data?.name : undefined);

  // Selecting a package records the visit (spec §4 Package detail), once it is shown.
  useEffect(() => {
    if (shownId > 0 && recorded.current !== shownId) {
      recorded.current = shownId;
      recordPackageVisit(shownId);
    }
  }, [shownId]);

  let content: ReactNode;
  if (params.pkId === undefined && productId > 0) {
    content = <FirstPackage productId={productId} />;
  } else if (pkId === 0 || productId === 0 || detail.isError) {
    content = <LoadFailure title="This package could not be shown" />;
  } else if (!detail.data) {
    content = (
      <Center py={80}>
        <Loader aria-label="Loading the package" />
      </Center>
    );
  } else {
    content = <PackageView pkg={detail.data} pkId={pkId} />;
  }

  return <Container py={{ base: 'lg', sm: 'xl' }}>{content}</Container>;
}
