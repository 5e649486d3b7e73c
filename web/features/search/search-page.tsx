import { Button, Center, Container, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { SEARCH_MIN_LENGTH } from '../../../domain/catalog-display.ts';
import { FreeText } from '../../components/free-text.tsx';
import { ProductCard } from '../../components/product-card.tsx';
import { productHref } from '../../components/product-href.ts';
import { useBackToList } from '../../components/use-back-to-list.ts';
import { paths } from '../../lib/paths.ts';
import { useSearchResults } from './search.api.ts';
import { searchTermOf } from './search-rules.ts';

/** Search results (routes search and search/{term}; spec §2): 24 per page, 'Show more' for the next. */
export function SearchPage() {
  const term = searchTermOf(useParams().term ?? '');
  const back = useBackToList(paths.phase());
  const results = useSearchResults(term);
  const products = results.data?.pages.flat() ?? [];
  const tooShort = term.length < SEARCH_MIN_LENGTH;
  // A failed search shows nothing (spec §8; the API client logged it): it is not "no match".
  const failed = results.isError && products.length === 0;

  return (
    <Container py={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere', flex: 1, minWidth: 0 }}>
            SEARCH RESULTS FOR {term}
          </Title>
          <Button variant="default" onClick={back} style={{ flex: 'none' }}>
            Back
          </Button>
        </Group>

        {tooShort ? (
          <Text c="dimmed">Please type at least {SEARCH_MIN_LENGTH} characters in the search box.</Text>
        ) : results.isPending ? (
          <Center py={64}>
            <Loader aria-label="Searching" />
          </Center>
        ) : failed ? null : products.length === 0 ? (
          <FreeText size="md" c="dimmed">
            No products match “{term}”. Try another word, such as a colour or a sock style.
          </FreeText>
        ) : (
          <>
            <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing={{ base: 'sm', sm: 'md' }}>
              {products.map((product) => (
                <ProductCard
                  key={product.id}
                  product={product}
                  to={productHref(product)}
                  overline={product.category_name}
                />
              ))}
            </SimpleGrid>
            {results.hasNextPage ? (
              <Center>
                <Button
                  variant="default"
                  onClick={() => void results.fetchNextPage()}
                  loading={results.isFetchingNextPage}
                >
                  Show more
                </Button>
              </Center>
            ) : null}
          </>
        )}
      </Stack>
    </Container>
  );
}
