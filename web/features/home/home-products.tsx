import { Container } from '@mantine/core';
import { useIntersection } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';

const HomeLists = lazy(() => import('./home-lists.tsx').then((module) => ({ default: module.HomeLists })));

/**
 * Where the newest and the most popular products go (home-lists.tsx). Their code and data are asked
 * for when the shopper scrolls near them: the first screen (the hero) loads nothing more, and the
 * lists push nothing down in sight when they arrive. Nothing while they load or when the call fails.
 */
export function HomeProducts() {
  const { ref, entry } = useIntersection({ rootMargin: '400px 0px' });
  const [near, setNear] = useState(false);
  if (!near && entry?.isIntersecting) setNear(true);
  return (
    <Container ref={ref} py={{ base: 40, sm: 56 }}>
      {near ? (
        <Suspense fallback={null}>
          <HomeLists />
        </Suspense>
      ) : null}
    </Container>
  );
}
