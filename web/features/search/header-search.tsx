import { ActionIcon, Popover } from '@mantine/core';
import { useDisclosure, useHotkeys } from '@mantine/hooks';
import classes from './search.module.css';
import { SearchBox } from './search-box.tsx';

/**
 * The search in the header, loaded only for logged-in clients when search is enabled. The header
 * row is full (brand, menu, cart, account), so the box opens under a search button, on every
 * screen size; '/' opens it from the keyboard.
 */
export function HeaderSearch() {
  const [opened, popover] = useDisclosure(false);
  useHotkeys([['/', popover.open]]);

  return (
    <Popover
      opened={opened}
      onChange={(value) => (value ? popover.open() : popover.close())}
      position="bottom-end"
      width="min(400px, calc(100vw - 24px))"
      trapFocus
      returnFocus
      shadow="md"
      radius="md"
    >
      <Popover.Target>
        <ActionIcon
          variant={opened ? 'light' : 'subtle'}
          color={opened ? 'maple' : 'gray'}
          size="lg"
          radius="xl"
          aria-label="Open search"
          aria-expanded={opened}
          onClick={popover.toggle}
          title="Search (/)"
        >
          <svg className={classes.icon} viewBox="0 0 24 24" aria-hidden="true">
            <circle cx="10" cy="10" r="7" />
            <path d="M21 21l-6 -6" />
          </svg>
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown p="xs">
        <SearchBox autoFocus onDone={popover.close} />
      </Popover.Dropdown>
    </Popover>
  );
}
