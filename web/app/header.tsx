import { Burger, Container, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useClickOutside, useHotkeys, useWindowEvent } from '@mantine/hooks';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { isLoggedIn, useLoggedClient } from '../lib/auth-store.ts';
import { useConfig } from '../lib/config.ts';
import { paths } from '../lib/paths.ts';
import { HeaderCartSlot } from './header-cart-slot.tsx';
import { HeaderSearchSlot } from './header-search-slot.tsx';
import classes from './layout.module.css';
import { NavLinks } from './nav-links.tsx';
import { UserMenu } from './user-menu.tsx';

function SockMark() {
  return (
    <svg className={classes.logoMark} viewBox="0 0 32 32" aria-hidden="true">
      <rect width="32" height="32" rx="8" fill="currentColor" />
      <path d="M12 5h9v12l-6 9a4 4 0 0 1-7-4l4-5z" fill="#fff" />
      <path d="M12 9h9M12 12h9" stroke="currentColor" strokeWidth="1.6" />
    </svg>
  );
}

export function Header() {
  const client = useLoggedClient();
  const { config } = useConfig();
  const loggedIn = isLoggedIn(client);
  // The phone's menu belongs to the page it was opened on: any other page (a link in it, the cart
  // icon, Back) closes it, as do Escape and a tap outside it.
  const { key: page } = useLocation();
  const [menuOpenedOn, setMenuOpenedOn] = useState<string | null>(null);
  const menuOpened = menuOpenedOn === page;
  const closeMenu = () => setMenuOpenedOn(null);
  const [burger, setBurger] = useState<HTMLButtonElement | null>(null);
  const [mobileNav, setMobileNav] = useState<HTMLElement | null>(null);
  // Escape keeps its other uses (a dialog's, a field's): it only closes the menu too, and gives the
  // focus back to the button that opened it.
  const escapeMenu = () => {
    if (!menuOpened) return;
    closeMenu();
    burger?.focus();
  };
  useHotkeys([['Escape', escapeMenu, { preventDefault: false }]]);
  useClickOutside(closeMenu, null, [burger, mobileNav], menuOpened);
  // Back and Forward close it at once: the new page may take a while to render (a busy phone), and
  // the menu of the page left would stay over it meanwhile.
  useWindowEvent('popstate', closeMenu);

  return (
    <header className={classes.header}>
      <Container size="xl" className={classes.headerInner}>
        <Group gap="xs" wrap="nowrap" className={classes.brandGroup}>
          <Burger
            ref={setBurger}
            opened={menuOpened}
            onClick={() => setMenuOpenedOn(menuOpened ? null : page)}
            hiddenFrom="md"
            size="sm"
            aria-label={menuOpened ? 'Close navigation' : 'Open navigation'}
            aria-expanded={menuOpened}
            aria-controls="mobile-navigation"
          />
          {/* The title shows the whole name where a narrow header cuts it (layout.module.css). */}
          <UnstyledButton
            component={Link}
            to={paths.home()}
            className={classes.brand}
            title={config.storeName}
            onClick={closeMenu}
          >
            <SockMark />
            <Text component="span" fw={800} size="lg" className={classes.brandName}>
              {config.storeName}
            </Text>
          </UnstyledButton>
        </Group>

        <nav aria-label="Main" className={classes.desktopNav}>
          <NavLinks client={client} />
        </nav>

        <Group gap="xs" wrap="nowrap" className={classes.headerActions}>
          {loggedIn && config.searchEnabled ? <HeaderSearchSlot /> : null}
          {loggedIn ? <HeaderCartSlot /> : null}
          <UserMenu client={client} />
        </Group>
      </Container>

      {menuOpened ? (
        <nav ref={setMobileNav} id="mobile-navigation" aria-label="Main" className={classes.mobileNav}>
          <Container>
            <Stack gap={4} py="sm">
              <NavLinks client={client} onNavigate={closeMenu} />
            </Stack>
          </Container>
        </nav>
      ) : null}
    </header>
  );
}
