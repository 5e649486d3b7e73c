import { paths } from '../../lib/paths.ts';

/**
 * The sections of the back office, in the order of its side navigation and overview. A section's
 * `to` is a route under `#/admin` (web/app/admin-routes.ts declares the page).
 */
export interface AdminSection {
  label: string;
  to: string;
  /** One line on the overview: what the owner does there. */
  description: string;
}

export const ADMIN_SECTIONS: readonly AdminSection[] = [
  {
    label: 'Orders',
    to: paths.adminOrders(),
    description: 'Web orders: find, ship with a label and a packing slip, cancel, refund lines.',
  },
  {
    label: 'Register shifts',
    to: paths.adminShifts(),
    description: 'Each cashier’s shift: float, cash sales, expected and counted cash, the Z report.',
  },
  {
    label: 'Products',
    to: paths.adminProducts(),
    description: 'Add and edit products: prices, sale prices, images, sizes, colours, shipping boxes.',
  },
  {
    label: 'Tabs and groups',
    to: paths.adminCatalogue(),
    description: 'The shopping tabs and their groups: order, rename, hide; the sizes products come in.',
  },
  {
    label: 'Offers',
    to: paths.adminOffers(),
    description: 'Special offers shoppers see, and the steps of the custom-order process page.',
  },
  {
    label: 'Stock',
    to: paths.adminStock(),
    description: 'Levels per product, size and package, what is low, the history, CSV in and out.',
  },
  {
    label: 'Settings',
    to: paths.adminSettings(),
    description: 'Prices or wish lists, minimum purchase, free shipping, search, store details, tax rates.',
  },
  {
    label: 'Staff',
    to: paths.adminStaff(),
    description: 'Accounts, cashiers and admins: roles, new staff, disabled accounts, password resets.',
  },
  {
    label: 'Card readers',
    to: paths.adminReaders(),
    description: 'The register’s card readers: status, names, who uses each, new readers.',
  },
  {
    label: 'Going live',
    to: paths.adminGoLive(),
    description: 'Whether the shop is ready to take real money: Stripe keys, webhook, readers, test mode.',
  },
  {
    label: 'Reconciliation',
    to: paths.adminReconciliation(),
    description: 'Each day’s card payments, refunds and disputes matched with the shop’s orders and sales.',
  },
  {
    label: 'Reports',
    to: paths.adminReports(),
    description:
      'Sales by day, week or month and by channel, tax per province to declare, best sellers; CSV.',
  },
  {
    label: 'Requests',
    to: paths.adminRequests(),
    description: 'Custom sock requests, contact messages and wish lists: answer, follow up, invoice.',
  },
  {
    label: 'Outbox',
    to: paths.adminOutbox(),
    description: 'Every e-mail the shop sends: what waits, what failed, resend; the mail server’s health.',
  },
  {
    label: 'Audit log',
    to: paths.adminAudit(),
    description: 'Every change made in the back office: who, when, before and after.',
  },
];
