import type { ComponentType } from 'react';
import { createHashRouter, type LoaderFunction, type RouteObject, redirect } from 'react-router';
import { LOGGED_CLIENT_KEY } from '../../domain/storage-keys.ts';
import {
  prefetchMessages,
  preloadImages,
  productDetailQuery,
  showroomQuery,
} from '../lib/catalog-queries.ts';
import { paths } from '../lib/paths.ts';
import { adminRoute } from './admin-routes.ts';
import { requireLogin, requireRoles } from './guards.ts';
import { Layout } from './layout.tsx';
import { PageLoader } from './page-loader.tsx';
import { queryClient } from './query-client.ts';
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
const showroomPage: LoadPage = () =>
  import('../features/catalog/showroom-page.tsx').then((m) => m.ShowroomPage);
const productListPage: LoadPage = () =>
  import('../features/catalog/product-list-page.tsx').then((m) => m.ProductListPage);
const shoppingPage: LoadPage = () =>
  import('../features/catalog/shopping-page.tsx').then((m) => m.ShoppingPage);
const categoriesPage: LoadPage = () =>
  import('../features/catalog/categories-page.tsx').then((m) => m.CategoriesPage);
const dashboardPage: LoadPage = () =>
  import('../features/catalog/dashboard-page.tsx').then((m) => m.DashboardPage);
const productPage: LoadPage = () => import('../features/catalog/product-page.tsx').then((m) => m.ProductPage);
const packagePage: LoadPage = () => import('../features/catalog/package-page.tsx').then((m) => m.PackagePage);
const searchPage: LoadPage = () => import('../features/search/search-page.tsx').then((m) => m.SearchPage);

/** A positive whole number from the path, else 0. */
function pathId(value: string | undefined): number {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : 0;
}

/**
 * Route loaders that start a page's data and its largest image as soon as its route matches, beside
 * the page's code instead of after it (Lighthouse: the image of the product page was requested only
 * after the entry script, the page's chunks, the settings and the product, in turn). They wait for
 * nothing and never fail: the page's own query shows what went wrong.
 */
const prefetchProduct: LoaderFunction = ({ params }) => {
  const id = pathId(params.id);
  prefetchMessages(queryClient);
  if (id > 0)
    queryClient.fetchQuery(productDetailQuery(pathId(params.ctid), id)).then(
      (product) => preloadImages([product.icon], 'full'),
      () => undefined,
    );
  return null;
};

/** The showroom's first row on a phone: two tiles of its first category. */
const prefetchShowroom: LoaderFunction = () => {
  queryClient.fetchQuery(showroomQuery).then(
    (categories) =>
      preloadImages(categories[0]?.products.slice(0, 2).map((p) => p.icon) ?? [], 'extra-small'),
    () => undefined,
  );
  return null;
};

const loggedIn = requireLogin;
const posOnly = requireRoles(['POS']);

function page(path: string, title: string, load: LoadPage, loader?: LoaderFunction): RouteObject {
  const handle: RouteHandle = { title };
  return {
    path,
    handle,
    ...(loader ? { loader } : {}),
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
          page('setup/:token', 'Set up your shop', () =>
            import('../features/auth/setup-page.tsx').then((m) => m.SetupPage),
          ),
          page('forgot-password', 'Forgot your password', () =>
            import('../features/auth/forgot-password-page.tsx').then((m) => m.ForgotPasswordPage),
          ),
          page('reset-password/:token', 'New password', () =>
            import('../features/auth/reset-password-page.tsx').then((m) => m.ResetPasswordPage),
          ),
          page('PageNotFound', 'Page Not Found', notFoundPage),
          page('showroom', 'Showroom', showroomPage, prefetchShowroom),
          page('productlist', 'Products', productListPage),
          page('product', 'Product', productPage),
          page('product/:id', 'Product', productPage, prefetchProduct),
          page('product/:ctid/:id', 'Product', productPage, prefetchProduct),
          page('package', 'Package', packagePage),
          page('package/:id', 'Package', packagePage),
          page('package/:pkId/:id', 'Package', packagePage),
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
          page('phase', 'Shopping', shoppingPage, loggedIn),
          redirectTo('categories', paths.phase()),
          page('categories/:id', 'Categories', categoriesPage, loggedIn),
          page('dashboard', 'Dashboard', dashboardPage, loggedIn),
          page('search', 'Search Results', searchPage, loggedIn),
          page('search/:term', 'Search Results', searchPage, loggedIn),
          page(
            'cart',
            'Cart',
            () => import('../features/cart/cart-page.tsx').then((m) => m.CartPage),
            loggedIn,
          ),
          page(
            'submit',
            'Cart Summary',
            () => import('../features/cart/submit-page.tsx').then((m) => m.SubmitPage),
            loggedIn,
          ),
          page(
            'checkout',
            'Checkout',
            () => import('../features/checkout/checkout-page.tsx').then((m) => m.CheckoutPage),
            loggedIn,
          ),
          // The payment is the third step of the checkout.
          redirectTo('payment', paths.checkout()),
          page(
            'thankyou',
            'Thank You',
            () => import('../features/checkout/thank-you-page.tsx').then((m) => m.ThankYouPage),
            loggedIn,
          ),
          page(
            'thankyou/:orderNumber',
            'Thank You',
            () => import('../features/checkout/thank-you-page.tsx').then((m) => m.ThankYouPage),
            loggedIn,
          ),
          page(
            'wishrequest',
            'Wish Request',
            () => import('../features/checkout/wish-request-page.tsx').then((m) => m.WishRequestPage),
            loggedIn,
          ),
          page(
            'profile',
            'Profile',
            () => import('../features/account/profile-page.tsx').then((m) => m.ProfilePage),
            loggedIn,
          ),
          page(
            'your-order',
            'Your Orders',
            () => import('../features/account/your-orders-page.tsx').then((m) => m.YourOrdersPage),
            loggedIn,
          ),

          // Point of sale: POS role
          page(
            'pos',
            'POS',
            () => import('../features/pos/pos-payment-page.tsx').then((m) => m.PosPaymentPage),
            posOnly,
          ),
          page(
            'pos/register',
            'Register',
            () => import('../features/pos/register-page.tsx').then((m) => m.RegisterPage),
            posOnly,
          ),
          page(
            'pos/return',
            'Return',
            () => import('../features/pos/register-return-page.tsx').then((m) => m.RegisterReturnPage),
            posOnly,
          ),
          page(
            'pos-checkout',
            'Checkout',
            () => import('../features/pos/pos-checkout-page.tsx').then((m) => m.PosCheckoutPage),
            posOnly,
          ),
          page(
            'checkout-success',
            'Checkout Success',
            () => import('../features/pos/checkout-success-page.tsx').then((m) => m.CheckoutSuccessPage),
            posOnly,
          ),
          page(
            'generate-receipt',
            'Generate Receipt',
            () => import('../features/pos/generate-receipt-page.tsx').then((m) => m.GenerateReceiptPage),
            posOnly,
          ),
          page(
            'receipt',
            'Receipt',
            () => import('../features/pos/receipt-page.tsx').then((m) => m.ReceiptPage),
            posOnly,
          ),
          page(
            'refund',
            'Refund',
            () => import('../features/pos/refund-page.tsx').then((m) => m.RefundPage),
            posOnly,
          ),
          page(
            'invoice',
            'Invoice',
            () => import('../features/pos/invoice-page.tsx').then((m) => m.InvoicePage),
            posOnly,
          ),
          page(
            'generate-invoice',
            'Generate Invoice',
            () => import('../features/pos/generate-invoice-page.tsx').then((m) => m.GenerateInvoicePage),
            posOnly,
          ),
          // The sandbox's hosted payment page, in place of Stripe Checkout. Its session is read
          // and paid through api/pos, which is for POS staff only, so the page is too.
          page(
            'sandbox-checkout/:id',
            'Checkout',
            () => import('../features/pos/sandbox-checkout-page.tsx').then((m) => m.SandboxCheckoutPage),
            posOnly,
          ),

          adminRoute,

          page('*', 'Page Not Found', notFoundPage),
        ],
      },
    ],
  },
];

export const router = createHashRouter(routes);

// A login or logout in another tab runs the open page's guards again: a page that needs the login
// goes to the login page (and back after it) instead of staying on screen with nothing it can do.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === LOGGED_CLIENT_KEY || event.key === null) void router.revalidate();
  });
}
