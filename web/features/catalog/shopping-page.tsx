import { Anchor, Container, Group, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { INITIAL_CATEGORY_ID } from '../../../domain/catalog-display.ts';
import { paths } from '../../lib/paths.ts';
import { parseId } from './catalog-rules.ts';
import { CategoryBrowser } from './category-browser.tsx';

/**
 * The Shopping page (route phase, spec §2): a tab per root category. The open tab is kept in the
 * query (?category=3) so that Back from a product returns to it; the initial category id is 1.
 */
export function ShoppingPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const activeId = parseId(searchParams.get('category')) ?? INITIAL_CATEGORY_ID;

  return (
    <Container py={{ base: 'lg', sm: 'xl' }}>
      <Group justify="space-between" align="baseline" mb="md">
        <Title order={1}>Shopping</Title>
        <Anchor component={Link} to={paths.dashboard()} fw={600}>
          The Most Popular Products
        </Anchor>
      </Group>
      <CategoryBrowser
        activeId={activeId}
        onSelect={(id) => setSearchParams({ category: String(id) }, { replace: true })}
      />
    </Container>
  );
}
