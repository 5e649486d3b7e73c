import { Avatar, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import type { LoginRecord } from '../../domain/auth.ts';
import { paths } from '../lib/paths.ts';
import classes from './layout.module.css';
import { useLogout } from './use-logout.ts';

function initials(client: LoginRecord): string {
  const letters = `${client.first_name?.charAt(0) ?? ''}${client.last_name?.charAt(0) ?? ''}`.trim();
  return (letters || client.user_name?.charAt(0) || '?').toUpperCase();
}

/** The logged-in client's name with the Profile, Your Orders and Log Out dropdown. */
export function AccountMenu({ client }: { client: LoginRecord }) {
  const logout = useLogout();
  const name = client.client_full_name || client.user_name;

  return (
    <Menu position="bottom-end" width={200} withinPortal>
      <Menu.Target>
        <UnstyledButton className={classes.userButton}>
          {/* The button's name, whatever the width: what is shown (initials, the name on wide
              screens) repeats it, so it is hidden from screen readers. */}
          <VisuallyHidden>Account menu for {name}</VisuallyHidden>
          <Group gap={8} wrap="nowrap" aria-hidden="true">
            <Avatar size={30} radius="xl" color="maple">
              {initials(client)}
            </Avatar>
            {/* Beside the shop's name and the menu the client's name gives way: shown on wide
                screens, cut when long. */}
            <Text size="sm" fw={600} truncate="end" maw={160} visibleFrom="lg">
              {name}
            </Text>
            <svg className={classes.chevron} viewBox="0 0 24 24" aria-hidden="true">
              <path d="M6 9l6 6l6 -6" />
            </svg>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {/* The spec's client_full_name, also where the header shows only the initials (a phone). */}
        <Menu.Label>{name}</Menu.Label>
        <Menu.Item component={Link} to={paths.profile()}>
          Profile
        </Menu.Item>
        <Menu.Item component={Link} to={paths.yourOrders()}>
          Your Orders
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" onClick={() => void logout()}>
          Log Out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
