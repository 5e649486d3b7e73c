import './mantine-styles.ts';
import { Button, Container, NavLink, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { isActivePath, paths } from '../../lib/paths.ts';
import classes from './admin.module.css';
import { ADMIN_SECTIONS } from './admin-sections.ts';

/**
 * The back office's frame: its sections on the side, the open page beside them. On a phone the
 * sections fold under one button naming the open one, so the page comes first; it opens on a tap
 * and folds again on the next page.
 */
export function AdminLayout() {
  const { pathname, key: page } = useLocation();
  const [openedOn, setOpenedOn] = useState<string | null>(null);
  const opened = openedOn === page;
  const overviewActive =
    isActivePath(pathname, [paths.admin()]) && pathname.replace(/\/+$/, '') === paths.admin();
  const current = overviewActive
    ? 'Overview'
    : (ADMIN_SECTIONS.find((section) => isActivePath(pathname, [section.to]))?.label ?? 'Overview');
  return (
    <Container size="xl" className={classes.area}>
      <nav aria-label="Back office" className={classes.nav}>
        <Button
          className={classes.sectionsToggle}
          variant="default"
          fullWidth
          justify="space-between"
          rightSection={<span aria-hidden="true">{opened ? '▴' : '▾'}</span>}
          aria-expanded={opened}
          aria-controls="back-office-sections"
          onClick={() => setOpenedOn(opened ? null : page)}
        >
          Back office: {current}
        </Button>
        <Paper
          withBorder
          radius="md"
          p="xs"
          id="back-office-sections"
          className={classes.sections}
          data-opened={opened || undefined}
        >
          <Stack gap={2}>
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" py={6}>
              Back office
            </Text>
            <NavLink
              component={Link}
              to={paths.admin()}
              label="Overview"
              active={overviewActive}
              aria-current={overviewActive ? 'page' : undefined}
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
