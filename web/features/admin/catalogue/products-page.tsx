import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Image,
  Loader,
  Pagination,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Link, useNavigate } from 'react-router';
import { imageVariant, PLACEHOLDER_IMAGE } from '../../../../domain/images.ts';
import { formatMoney } from '../../../../domain/money.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { useListQuery, usePageWithinList } from '../../../lib/list-query.ts';
import { paths } from '../../../lib/paths.ts';
import { useProductList } from './catalogue.api.ts';

/** #/admin/products: the catalogue's products, found by code or name; archived ones on request. */
export function ProductsPage() {
  const navigate = useNavigate();
  const { filters, page, setFilters, setPage } = useListQuery({ q: '', archived: false });
  const { archived } = filters;
  const [q] = useDebouncedValue(filters.q.trim(), 300);
  const list = useProductList({ q, archived, page });
  usePageWithinList(page, setPage, list.data);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            Products
          </Title>
          <Text c="dimmed">What the shop sells: prices, descriptions, images, sizes and shipping boxes.</Text>
        </div>
        <Group>
          <Button component={Link} to={paths.adminCatalogue()} variant="default">
            Tabs, groups and sizes
          </Button>
          <Button component={Link} to={paths.adminProduct('new')}>
            Add a product
          </Button>
        </Group>
      </Group>
      <Group>
        <TextInput
          placeholder="Code or name"
          aria-label="Find a product"
          value={filters.q}
          onChange={(event) => setFilters({ q: event.currentTarget.value }, { replace: true })}
          w={300}
        />
        <Switch
          label="Archived products"
          checked={archived}
          onChange={(event) => setFilters({ archived: event.currentTarget.checked })}
        />
      </Group>
      {list.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading the products" />
        </Center>
      ) : list.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(list.error)}
        </Alert>
      ) : list.data.products.length === 0 ? (
        <Text c="dimmed">
          {q
            ? `Nothing matches "${q}".`
            : archived
              ? 'No archived product.'
              : 'No product yet: add the first one.'}
        </Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={720}>
            <Table striped highlightOnHover verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th />
                  <Table.Th>Code</Table.Th>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Group</Table.Th>
                  <Table.Th ta="right">Price</Table.Th>
                  <Table.Th ta="right">In stock</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.products.map((product) => (
                  <Table.Tr
                    key={product.id}
                    onClick={(event) => {
                      // The code's link opens the product itself: a second navigation would need two Backs.
                      if ((event.target as Element).closest('a')) return;
                      navigate(paths.adminProduct(product.id));
                    }}
                    style={{ cursor: 'pointer' }}
                  >
                    <Table.Td w={56}>
                      <Image
                        src={imageVariant(product.icon, 'thumbnail')}
                        fallbackSrc={PLACEHOLDER_IMAGE}
                        alt=""
                        w={40}
                        h={40}
                        radius="sm"
                      />
                    </Table.Td>
                    <Table.Td>
                      <Link to={paths.adminProduct(product.id)}>{product.code}</Link>
                      {!product.active && (
                        <Badge color="gray" ml="xs" size="sm">
                          Archived
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>{product.name}</Table.Td>
                    <Table.Td>
                      {product.tab} › {product.category}
                    </Table.Td>
                    <Table.Td ta="right">
                      {product.sale_price !== null ? (
                        <>
                          <Text span td="line-through" c="dimmed" size="sm" mr={6}>
                            {formatMoney(product.price)}
                          </Text>
                          {formatMoney(product.sale_price)}
                        </>
                      ) : (
                        formatMoney(product.price)
                      )}
                    </Table.Td>
                    <Table.Td ta="right">{product.instock}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {list.data.total > list.data.pageSize && (
            <Pagination
              value={page}
              onChange={setPage}
              total={Math.ceil(list.data.total / list.data.pageSize)}
            />
          )}
        </>
      )}
    </Stack>
  );
}
