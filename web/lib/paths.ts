/**
 * The one route table of the hash router (STYLE.md #3). Every link, redirect and navigate call
 * builds its location here; `router.tsx` declares the matching patterns.
 * Values are router locations ('/cart'); `<Link to>` and `navigate()` add the '#'.
 */

type Id = number | string;

function withQuery(path: string, query: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value) search.set(key, value);
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

function segment(value: Id): string {
  return encodeURIComponent(String(value));
}

export const paths = {
  // Storefront (spec storefront §2)
  home: () => '/',
  retail: () => '/retail',
  /** `sessionEnded`: the server ended the session (expired, revoked, logged out elsewhere), the page says so. */
  login: (returnUrl?: string, sessionEnded = false) =>
    withQuery('/login', { returnUrl, session: sessionEnded ? 'ended' : undefined }),
  signup: (returnUrl?: string) => withQuery('/signup', { returnUrl }),
  notFound: () => '/PageNotFound',
  shopping: () => '/shopping',
  phase: () => '/phase',
  showroom: () => '/showroom',
  categories: (id: Id) => `/categories/${segment(id)}`,
  dashboard: () => '/dashboard',
  /** A product page; `size` (a size's id or name) is preselected (spec §2 route parameter size). */
  product: (ctid: Id, id: Id, size?: Id | null) =>
    `/product/${segment(ctid)}/${segment(id)}${size === undefined || size === null ? '' : `?size=${segment(size)}`}`,
  productById: (id: Id) => `/product/${segment(id)}`,
  packageDetail: (pkId: Id, id: Id) => `/package/${segment(pkId)}/${segment(id)}`,
  search: (term?: string) => (term ? `/search/${segment(term)}` : '/search'),
  cart: () => '/cart',
  submit: () => '/submit',
  checkout: () => '/checkout',
  payment: () => '/payment',
  thankyou: (orderNumber?: Id) =>
    orderNumber === undefined || orderNumber === '' ? '/thankyou' : `/thankyou/${segment(orderNumber)}`,
  wishRequest: () => '/wishrequest',
  productList: () => '/productlist',
  custom: () => '/custom',
  process: () => '/process',
  contact: () => '/contact',
  about: () => '/about',
  profile: () => '/profile',
  yourOrders: () => '/your-order',
  returnPolicy: () => '/return-policy',
  receipt: () => '/receipt',

  // Point of sale (spec pos §2)
  pos: () => '/pos',
  posCheckout: () => '/pos-checkout',
  /** The register: sales from the catalogue, cash and card, shifts. */
  posRegister: () => '/pos/register',
  /** Returns at the counter: a register sale found by its receipt number. */
  posReturn: () => '/pos/return',
  checkoutSuccess: () => '/checkout-success',
  generateReceipt: () => '/generate-receipt',
  refund: () => '/refund',
  invoice: () => '/invoice',
  generateInvoice: () => '/generate-invoice',
  /** A receipt generated and stored on the server. */
  storedReceipt: (id: Id) => withQuery('/receipt', { id: String(id) }),
  /** The sandbox's hosted payment page (public, like Stripe Checkout). */
  sandboxCheckout: (id: Id) => `/sandbox-checkout/${segment(id)}`,

  // The owner's back office (ADMIN)
  admin: () => '/admin',
  adminStock: (view?: 'low' | 'history' | 'csv') => withQuery('/admin/stock', { view }),
  adminSettings: () => '/admin/settings',
  adminCatalogue: () => '/admin/catalogue',
  adminProducts: () => '/admin/products',
  adminProduct: (id: number | 'new') => `/admin/products/${id}`,
  adminStaff: () => '/admin/staff',
  adminAudit: () => '/admin/audit',
  adminReaders: () => '/admin/readers',
  /** The go-live check: whether the shop is ready to take real money with Stripe. */
  adminGoLive: () => '/admin/go-live',
  /** The daily reconciliation with the card processor; `day` ('YYYY-MM-DD', store time) opens that day. */
  adminReconciliation: (day?: string) => withQuery('/admin/reconciliation', { day }),
  adminOffers: () => '/admin/offers',
  adminOrders: () => '/admin/orders',
  adminOrder: (orderNumber: Id) => `/admin/orders/${segment(orderNumber)}`,
  adminRequests: () => '/admin/requests',
  /** One custom, contact or wish request of the requests inbox. */
  adminRequest: (kind: string, id: Id) => `/admin/requests/${segment(kind)}/${segment(id)}`,
  adminOutbox: () => '/admin/outbox',
  adminShifts: () => '/admin/shifts',
  adminReports: (tab?: 'sales' | 'tax' | 'top-products') => withQuery('/admin/reports', { tab }),
  resetPassword: (token: string) => `/reset-password/${encodeURIComponent(token)}`,
  forgotPassword: () => '/forgot-password',
} as const;

/**
 * A returnUrl is followed only when it is a route of this app: it starts with one '/'
 * (not '//' or '/\', which a browser would read as another site).
 * The login and signup pages are never returned to.
 */
export function safeReturnUrl(returnUrl: string | null | undefined): string {
  if (!returnUrl || !/^\/(?![/\\])/.test(returnUrl)) return paths.home();
  if (/^\/(login|signup)(?:[/?]|$)/i.test(returnUrl)) return paths.home();
  return returnUrl;
}

/**
 * Whether a navigation entry is the current one: the path is one of `match` or below it ('/'
 * matches only itself), letter case and a trailing slash aside.
 */
export function isActivePath(pathname: string, match: readonly string[]): boolean {
  const current = pathname.toLowerCase().replace(/\/+$/, '') || '/';
  return match.some((prefix) =>
    prefix === '/' ? current === '/' : current === prefix || current.startsWith(`${prefix}/`),
  );
}
