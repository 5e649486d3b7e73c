import { UnstyledButton } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import type { LoginRecord } from '../../domain/auth.ts';
import { hasRole, isLoggedIn } from '../lib/auth-store.ts';
import { isActivePath, paths } from '../lib/paths.ts';
import classes from './layout.module.css';

interface NavItem {
  label: string;
  to: string;
  /** Route prefixes under which the item is highlighted ('/' matches only itself). */
  match: readonly string[];
  visibleTo: 'everyone' | 'clients' | 'pos' | 'admin';
}

/** The top navigation (spec storefront §1, §6). */
const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Home', to: paths.home(), match: ['/', '/home', '/retail'], visibleTo: 'everyone' },
  { label: 'Showroom', to: paths.showroom(), match: ['/showroom', '/productlist'], visibleTo: 'everyone' },
  {
    label: 'Shopping',
    to: paths.phase(),
    match: ['/phase', '/shopping', '/categories', '/dashboard'],
    visibleTo: 'clients',
  },
  { label: 'Customize Socks', to: paths.custom(), match: ['/custom', '/process'], visibleTo: 'everyone' },
  { label: 'About', to: paths.about(), match: ['/about'], visibleTo: 'everyone' },
  { label: 'Contact', to: paths.contact(), match: ['/contact'], visibleTo: 'everyone' },
  {
    label: 'POS',
    to: paths.pos(),
    match: [
      '/pos',
      '/pos-checkout',
      '/checkout-success',
      '/generate-receipt',
      '/refund',
      '/invoice',
      '/generate-invoice',
      '/receipt',
    ],
    visibleTo: 'pos',
  },
  { label: 'Admin', to: paths.admin(), match: ['/admin'], visibleTo: 'admin' },
];

function isVisible(item: NavItem, client: LoginRecord | null): boolean {
  if (item.visibleTo === 'clients') return isLoggedIn(client);
  if (item.visibleTo === 'pos') return hasRole(client, ['POS']);
  if (item.visibleTo === 'admin') return hasRole(client, ['ADMIN']);
  return true;
}

interface NavLinksProps {
  client: LoginRecord | null;
  /** Called after a link is followed (closes the mobile menu). */
  onNavigate?: () => void;
}

export function NavLinks({ client, onNavigate }: NavLinksProps) {
  const { pathname } = useLocation();
  return NAV_ITEMS.filter((item) => isVisible(item, client)).map((item) => {
    const active = isActivePath(pathname, item.match);
    return (
      <UnstyledButton
        key={item.label}
        component={Link}
        to={item.to}
        className={classes.navLink}
        data-active={active || undefined}
        aria-current={active ? 'page' : undefined}
        onClick={onNavigate}
      >
        {item.label}
      </UnstyledButton>
    );
  });
}
