import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { useConfig } from '../lib/config.ts';
import { usePageTitleOverride } from '../lib/page-title.ts';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import classes from './layout.module.css';
import { PageLoader } from './page-loader.tsx';
import { useRouteTitle } from './route-handle.ts';

/**
 * The document title is '<route title> | <store name>' (spec storefront §2), or the page's own
 * title (a product's name) in place of the route's.
 */
function useDocumentTitle(storeName: string): void {
  const routeTitle = useRouteTitle();
  const title = usePageTitleOverride() ?? routeTitle;
  useEffect(() => {
    document.title = title ? `${title} | ${storeName}` : storeName;
  }, [title, storeName]);
}

function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return <div className={classes.progress} role="progressbar" aria-label="Loading page" />;
}

/** The shell around every page: header, the page, footer. */
export function Layout() {
  const { config, isLoading } = useConfig();
  useDocumentTitle(config.storeName);

  if (isLoading) return <PageLoader />;

  return (
    <div className={classes.shell}>
      <button type="button" className={classes.skipLink} onClick={focusMain}>
        Skip to content
      </button>
      <NavigationProgress />
      <Header />
      <main id="main-content" tabIndex={-1} className={classes.main}>
        <Outlet />
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}

/** A button, not an '#anchor' link: in a hash router a fragment would be read as a route. */
function focusMain(): void {
  document.getElementById('main-content')?.focus();
}
