import { Button, Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Link, useLocation } from 'react-router';
import type { LoginRecord } from '../../domain/auth.ts';
import { isLoggedIn } from '../lib/auth-store.ts';
import { paths } from '../lib/paths.ts';

/** The dropdown (Mantine Menu and its positioning code) loads only for logged-in clients. */
const AccountMenu = lazy(() =>
  import('./account-menu.tsx').then((module) => ({ default: module.AccountMenu })),
);

/** 'Log in' when logged out; the client's full name with Profile, Your Orders, Log Out when in. */
export function UserMenu({ client }: { client: LoginRecord | null }) {
  const location = useLocation();

  if (!isLoggedIn(client)) {
    const onAuthPage = /^\/(login|signup)(?:[/?]|$)/i.test(location.pathname);
    const here = `${location.pathname}${location.search}`;
    const returnUrl = onAuthPage || here === '/' ? undefined : here;
    return (
      <Button component={Link} to={paths.login(returnUrl)} size="sm">
        Log in
      </Button>
    );
  }

  return (
    <Suspense fallback={<Skeleton height={30} width={60} radius="xl" />}>
      <AccountMenu client={client} />
    </Suspense>
  );
}
