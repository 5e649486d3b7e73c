import { Container, Title } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { parseId } from './catalog-rules.ts';
import { CategoryBrowser } from './category-browser.tsx';

/** categories/{id} (spec §2): the tabbed category browser opened on one category. */
export function CategoriesPage() {
  const { id } = useParams();
  const navigate = useNavigate();

  return (
    <Container py={{ base: 'lg', sm: 'xl' }}>
      <Title order={1} mb="md">
        Categories
      </Title>
      <CategoryBrowser
        activeId={parseId(id)}
        onSelect={(categoryId) => navigate(paths.categories(categoryId), { replace: true })}
      />
    </Container>
  );
}
