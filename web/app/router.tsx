import type { ComponentType } from 'react';
import { createHashRouter, type LoaderFunction, type RouteObject, redirect } from 'react-router';
import { requireLogin, requireRoles } from './guards.ts';
import { Layout } from './layout.tsx';
import { PageLoader } from './page-loader.tsx';
import { paths } from './paths.ts';
import { RouteError } from './route-error.tsx';
import type { RouteHandle } from './route-handle.ts';

/**
 * Every route of spec storefront §2 and spec pos §2. Pages are lazy modules, so a visitor's first
 * page loads only the shell and that page; POS and forms load when opened.
 * Guards: see guards.ts. Which route needs what follows the specs and DESIGN.md's decisions
 * ("guarded like their neighbours": payment, checkout-success, receipt).
 */

type LoadPage = () => Promise<ComponentType>;

const homePage: LoadPage = () => import('../features/home/home-page.tsx').then((m) => m.HomePage);
const loginPage: LoadPage = () => import('../features/auth/login-page.tsx').then((m) => m.LoginPage);
const signupPage: LoadPage = () => import('../features/auth/signup-page.tsx').then((m) => m.SignupPage);
const notFoundPage: LoadPage = () =>
  import('../features/static/not-found-page.tsx').then((m) => m.NotFoundPage);
/** Pages still to be built by their own areas. */
const comingSoon: LoadPage = () =>
  import('../features/static/coming-soon-page.tsx').then((m) => m.ComingSoonPage);

const loggedIn = requireLogin;
const posOnly = requireRoles(['POS']);

function page(path: string, title: string, load: LoadPage, guard?: LoaderFunction): RouteObject {
  const handle: RouteHandle = { title };
  return {
    path,
    handle,
    ...(guard ? { loader: guard } : {}),
    lazy: async () => ({ Component: await load() }),
  };
}

function redirectTo(path: string, to: string): RouteObject {
  return { path, loader: () => redirect(to) };
}

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: Layout,
    HydrateFallback: PageLoader,
    ErrorBoundary: RouteError,
    children: [
      {
        // Errors of a page show inside the shell, with the header and footer still there.
        ErrorBoundary: RouteError,
        children: [
          {
            index: true,
            handle: { title: 'Home' } satisfies RouteHandle,
            lazy: async () => ({ Component: await homePage() }),
          },

          // Storefront: public
          page('home', 'Home', homePage),
          page('retail', 'Home', homePage),
          page('login', 'Log in', loginPage),
          page('signup', 'Sign up', signupPage),
          page('PageNotFound', 'Page Not Found', notFoundPage),
          page('showroom', 'Showroom', comingSoon),
          page('productlist', 'Products', comingSoon),
          page('product', 'Product', comingSoon),
          page('product/:id', 'Product', comingSoon),
          page('product/:ctid/:id', 'Product', comingSoon),
          page('package', 'Package', comingSoon),
          page('package/:id', 'Package', comingSoon),
          page('package/:pkId/:id', 'Package', comingSoon),
          page('custom', 'Customize Socks', () =>
            import('../features/requests/custom-page.tsx').then((m) => m.CustomPage),
          ),
          page('process', 'Custom Process', () =>
            import('../features/requests/process-page.tsx').then((m) => m.ProcessPage),
          ),
          page('contact', 'Contact Us', () =>
            import('../features/requests/contact-page.tsx').then((m) => m.ContactPage),
          ),
          page('about', 'About Us', () =>
            import('../features/static/about-page.tsx').then((m) => m.AboutPage),
          ),
          page('return-policy', 'Return Policy', () =>
            import('../features/static/return-policy-page.tsx').then((m) => m.ReturnPolicyPage),
          ),

          // Storefront: logged-in clients
          redirectTo('shopping', paths.phase()),
          page('phase', 'Shopping', comingSoon, loggedIn),
          redirectTo('categories', paths.phase()),
          page('categories/:id', 'Categories', comingSoon, loggedIn),
          page('dashboard', 'Dashboard', comingSoon, loggedIn),
          page('search', 'Search Results', comingSoon, loggedIn),
          page('search/:term', 'Search Results', comingSoon, loggedIn),
          page('cart', 'Cart', comingSoon, loggedIn),
          page('submit', 'Cart Summary', comingSoon, loggedIn),
          page('checkout', 'Checkout', comingSoon, loggedIn),
          page('payment', 'Payment', comingSoon, loggedIn),
          page('thankyou', 'Thank You', comingSoon, loggedIn),
          page('thankyou/:orderNumber', 'Thank You', comingSoon, loggedIn),
          page('wishrequest', 'Wish Request', comingSoon, loggedIn),
          page('profile', 'Profile', comingSoon, loggedIn),
          page('your-order', 'Your Orders', comingSoon, loggedIn),

          // Point of sale: POS role
          page('pos', 'POS', comingSoon, posOnly),
          page('pos-checkout', 'Checkout', comingSoon, posOnly),
          page('checkout-success', 'Checkout Success', comingSoon, posOnly),
          page('generate-receipt', 'Generate Receipt', comingSoon, posOnly),
          page('receipt', 'Receipt', comingSoon, posOnly),
          page('refund', 'Refund', comingSoon, posOnly),
          page('invoice', 'Invoice', comingSoon, posOnly),
          page('generate-invoice', 'Generate Invoice', comingSoon, posOnly),

          page('*', 'Page Not Found', notFoundPage),
        ],
      },
    ],
  },
];

export const router = createHashRouter(routes);
