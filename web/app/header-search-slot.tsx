import { lazy, Suspense } from 'react';

/**
 * Where the header search box goes (spec storefront §2 "Header search"): the header renders the
 * slot for logged-in clients only, and only when search is enabled. The box (Combobox, its
 * positioning code, the search calls) is a lazy chunk, so none of it weighs on a visitor's page.
 */
const HeaderSearch = lazy(() =>
  import('../features/search/header-search.tsx').then((module) => ({ default: module.HeaderSearch })),
);

export function HeaderSearchSlot() {
  return (
    <Suspense fallback={null}>
      <HeaderSearch />
    </Suspense>
  );
}
