import './mantine-styles.ts';
import { Container, NavLink, Paper, Stack, Text } from '@mantine/core';
import { Link, Outlet, useLocation } from 'react-router';
import { isActivePath, paths } from '../../lib/paths.ts';
import classes from './admin.module.css';
import { ADMIN_SECTIONS } from './admin-sections.ts';

/** The back office's frame: its sections on the side, the open page beside them. */
export function AdminLayout() {
  const { pathname } = useLocation();
  return (
    <Container size="xl" className={classes.area}>
      <nav aria-label="Back office" className={classes.nav}>
        <Paper withBorder radius="md" p="xs">
          <Stack gap={2}>
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" py={6}>
              Back office
            </Text>
            <NavLink
              component={Link}
              to={paths.admin()}
              label="Overview"
              active={
                isActivePath(pathname, [paths.admin()]) && pathname.replace(/\/+$/, '') === paths.admin()
              }
            />
            {ADMIN_SECTIONS.map((section) => {
              const active = isActivePath(pathname, [section.to]);
              return (
                <NavLink
                  key={section.to}
                  component={Link}
                  to={section.to}
                  label={section.label}
                  active={active}
                  aria-current={active ? 'page' : undefined}
                />
              );
            })}
          </Stack>
        </Paper>
      </nav>
      <div>
        <Outlet />
      </div>
    </Container>
  );
}
