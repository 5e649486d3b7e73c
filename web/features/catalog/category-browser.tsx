import { Box, Center, Loader, SegmentedControl, Stack, Tabs, Text, Title } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { useEffect, useRef } from 'react';
import type { RootCategory } from '../../../domain/catalog.ts';
import type { ProductLayout } from '../../components/product-card.tsx';
import { ProductImage } from '../../components/product-image.tsx';
import { usePhase, useRootCategories } from './catalog.api.ts';
import classes from './catalog.module.css';
import { tabOf, visibleGroups } from './catalog-rules.ts';
import { groupHeadingId, ProductGroup } from './product-group.tsx';

interface CategoryBrowserProps {
  /**
   * The category to show: a tab, or a group of a tab (the tab opens scrolled to the group); the
   * first tab when it is null or unknown.
   */
  activeId: number | null;
  onSelect: (categoryId: number) => void;
}

function Spinner({ label }: { label: string }) {
  return (
    <Center py={64}>
      <Loader aria-label={label} />
    </Center>
  );
}

/** Grid or list, remembered on this device. */
function useProductLayout() {
  return useLocalStorage<ProductLayout>({ key: 'catalog-layout', defaultValue: 'grid' });
}

/**
 * One tab's content (spec §2 Shopping page): the phase heading, the grid/list toggle and the
 * non-empty groups. It mounts only when its tab is open, and the phase stays in the query cache,
 * so a tab opened again shows at once and asks the server nothing.
 */
function PhasePanel({ category, groupId }: { category: RootCategory; groupId: number | null }) {
  const phase = usePhase(category.id);
  const [layout, setLayout] = useProductLayout();
  const scrolledTo = useRef<number | null>(null);

  // Opened on a group (categories/{group}, Back to List from a product): show that group, once.
  useEffect(() => {
    if (groupId === null || !phase.data || scrolledTo.current === groupId) return;
    scrolledTo.current = groupId;
    document.getElementById(groupHeadingId(groupId))?.scrollIntoView({ block: 'start' });
  }, [groupId, phase.data]);

  if (phase.isPending) return <Spinner label={`Loading ${category.name}`} />;
  // A failed call was logged by the API client; the spec shows the shopper nothing more.
  if (!phase.data) return null;

  const groups = visibleGroups(phase.data);
  return (
    <Stack gap="xl" pt="lg">
      <Box className={classes.panelHead}>
        <Stack gap={4} maw={720}>
          <Title order={2}>{phase.data.short_description}</Title>
          {phase.data.long_description ? <Text c="dimmed">{phase.data.long_description}</Text> : null}
        </Stack>
        <SegmentedControl
          aria-label="Product view"
          value={layout}
          onChange={(value) => setLayout(value === 'list' ? 'list' : 'grid')}
          data={[
            { value: 'grid', label: 'Grid' },
            { value: 'list', label: 'List' },
          ]}
        />
      </Box>
      {groups.length === 0 ? <Text c="dimmed">There are no products here yet.</Text> : null}
      {groups.map((group) => (
        <ProductGroup key={group.id} group={group} layout={layout} />
      ))}
    </Stack>
  );
}

/** The category tabs of the Shopping and Categories pages: one per root category, icon and name. */
export function CategoryBrowser({ activeId, onSelect }: CategoryBrowserProps) {
  const roots = useRootCategories();
  const tabList = useRef<HTMLDivElement>(null);
  const { tab: active, group } = tabOf(roots.data ?? [], activeId);

  // On a phone the tabs scroll sideways: the open one is brought into the row's view.
  useEffect(() => {
    if (active === undefined) return;
    tabList.current?.querySelector('[data-active]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [active]);

  if (roots.isPending) return <Spinner label="Loading categories" />;
  const categories = roots.data ?? [];
  if (categories.length === 0) return null;

  return (
    <Tabs
      value={active ? String(active.id) : null}
      onChange={(value) => {
        if (value) onSelect(Number(value));
      }}
      keepMounted={false}
    >
      <Tabs.List ref={tabList} className={classes.tabsList}>
        {categories.map((category) => (
          <Tabs.Tab
            key={category.id}
            value={String(category.id)}
            className={classes.tab}
            leftSection={
              <ProductImage
                icon={category.icon}
                variant="thumbnail"
                alt=""
                className={classes.tabIcon}
                loading="eager"
              />
            }
          >
            <Text fw={600} size="sm">
              {category.name}
            </Text>
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {categories.map((category) => (
        <Tabs.Panel key={category.id} value={String(category.id)}>
          <PhasePanel category={category} groupId={category.id === active?.id ? group : null} />
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
