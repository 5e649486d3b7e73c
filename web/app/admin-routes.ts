import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { requireRoles } from './guards.ts';
import type { RouteHandle } from './route-handle.ts';

/**
 * The owner's back office, `#/admin/...` (DESIGN.md "The owner's back office"): its layout and
 * every page are lazy modules of web/features/admin, so none of it loads on a shopper's pages.
 * ADMIN only; the server checks every /api/admin call again.
 */

type LoadPage = () => Promise<ComponentType>;

const adminOnly = requireRoles(['ADMIN']);

function adminPage(path: string | undefined, title: string, load: LoadPage): RouteObject {
  const handle: RouteHandle = { title: `${title} · Admin` };
  const lazy = async () => ({ Component: await load() });
  return path === undefined ? { index: true, handle, lazy } : { path, handle, lazy };
}

export const adminRoute: RouteObject = {
  path: 'admin',
  loader: adminOnly,
  handle: { title: 'Admin' } satisfies RouteHandle,
  lazy: async () => ({
    Component: (await import('../features/admin/admin-layout.tsx')).AdminLayout,
  }),
  children: [
    adminPage(undefined, 'Overview', () =>
      import('../features/admin/admin-home-page.tsx').then((m) => m.AdminHomePage),
    ),
    adminPage('orders', 'Orders', () =>
      import('../features/admin/orders/orders-page.tsx').then((m) => m.OrdersPage),
    ),
    adminPage('orders/:orderNumber', 'Order', () =>
      import('../features/admin/orders/order-page.tsx').then((m) => m.OrderPage),
    ),
    adminPage('shifts', 'Register shifts', () =>
      import('../features/admin/shifts/shifts-page.tsx').then((m) => m.ShiftsPage),
    ),
    adminPage('stock', 'Stock', () =>
      import('../features/admin/stock/stock-page.tsx').then((m) => m.StockPage),
    ),
    adminPage('catalogue', 'Tabs and groups', () =>
      import('../features/admin/catalogue/categories-page.tsx').then((m) => m.CategoriesPage),
    ),
    adminPage('products', 'Products', () =>
      import('../features/admin/catalogue/products-page.tsx').then((m) => m.ProductsPage),
    ),
    adminPage('products/:id', 'Product', () =>
      import('../features/admin/catalogue/product-page.tsx').then((m) => m.ProductPage),
    ),
    adminPage('offers', 'Offers and custom orders', () =>
      import('../features/admin/offers/offers-page.tsx').then((m) => m.OffersPage),
    ),
    adminPage('staff', 'Staff', () =>
      import('../features/admin/staff/staff-page.tsx').then((m) => m.StaffPage),
    ),
    adminPage('readers', 'Card readers', () =>
      import('../features/admin/readers/readers-page.tsx').then((m) => m.ReadersPage),
    ),
    adminPage('go-live', 'Going live', () =>
      import('../features/admin/go-live/go-live-page.tsx').then((m) => m.GoLivePage),
    ),
    adminPage('reconciliation', 'Reconciliation', () =>
      import('../features/admin/reconciliation/reconciliation-page.tsx').then((m) => m.ReconciliationPage),
    ),
    adminPage('reports', 'Reports', () =>
      import('../features/admin/reports/reports-page.tsx').then((m) => m.ReportsPage),
    ),
    adminPage('requests', 'Requests', () =>
      import('../features/admin/requests/requests-page.tsx').then((m) => m.RequestsPage),
    ),
    adminPage('requests/:kind/:id', 'Request', () =>
      import('../features/admin/requests/request-page.tsx').then((m) => m.RequestPage),
    ),
    adminPage('outbox', 'Outbox', () =>
      import('../features/admin/outbox/outbox-page.tsx').then((m) => m.OutboxPage),
    ),
    adminPage('audit', 'Audit log', () =>
      import('../features/admin/audit/audit-page.tsx').then((m) => m.AuditPage),
    ),
    adminPage('settings', 'Settings', () =>
      import('../features/admin/settings/settings-page.tsx').then((m) => m.SettingsPage),
    ),
  ],
};
