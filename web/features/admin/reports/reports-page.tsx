// The charts' CSS is imported here only: the back office's reports chunk carries it, no shopper page.
import '@mantine/charts/styles.css';
import { Button, Group, Paper, SegmentedControl, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import {
  periodStart,
  REPORT_GRANULARITIES,
  type ReportGranularity,
  reportRangeProblem,
  resolveReportRange,
  TOP_PRODUCTS_DEFAULT,
  TOP_PRODUCTS_MAX,
  TOP_PRODUCTS_SORTS,
} from '../../../../domain/admin/reports.ts';
import { addDays, calendarDayOf, isCalendarDay } from '../../../../domain/dates.ts';
import { useStoreTimeZone } from '../../../lib/config.ts';
import { SalesReportView } from './sales-report.tsx';
import { TaxReportView } from './tax-report.tsx';
import { TopProductsReportView } from './top-products-report.tsx';

const TABS = ['sales', 'tax', 'top-products'] as const;
type Tab = (typeof TABS)[number];

const tabOf = (text: string | null): Tab => TABS.find((tab) => tab === text) ?? 'sales';
const granularityOf = (text: string | null): ReportGranularity =>
  REPORT_GRANULARITIES.find((by) => by === text) ?? 'day';
const dayOf = (text: string | null) => (text && isCalendarDay(text) ? text : undefined);

function limitOf(text: string | null): number {
  const limit = Number(text);
  return Number.isInteger(limit) && limit >= 1 && limit <= TOP_PRODUCTS_MAX ? limit : TOP_PRODUCTS_DEFAULT;
}

/** Quick periods, each ending today or at the end of last month (store days). */
function presetsOf(today: string): { label: string; from?: string; to?: string }[] {
  const firstOfMonth = `${today.slice(0, 7)}-01`;
  const endOfLastMonth = addDays(firstOfMonth, -1);
  return [
    { label: 'Last 30 days' },
    { label: 'This month', from: firstOfMonth },
    { label: 'Last month', from: periodStart(endOfLastMonth, 'month'), to: endOfLastMonth },
    { label: 'This year', from: `${today.slice(0, 4)}-01-01` },
  ];
}

/** #/admin/reports: sales, tax and best sellers over a period, each with a chart, a table and its CSV. */
export function ReportsPage() {
  const [params, setParams] = useSearchParams();
  const today = calendarDayOf(new Date(), useStoreTimeZone());
  const tab = tabOf(params.get('tab'));
  const range = resolveReportRange({ from: dayOf(params.get('from')), to: dayOf(params.get('to')) }, today);
  const problem = reportRangeProblem(range.from, range.to);
  const by = granularityOf(params.get('by'));
  const limit = limitOf(params.get('limit'));
  const sort = TOP_PRODUCTS_SORTS.find((s) => s === params.get('sort')) ?? 'quantity';

  /** Changes some of the page's parameters; a default value leaves its parameter out. */
  const update = (changes: Record<string, string | undefined>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          Reports
        </Title>
        <Text c="dimmed">
          Sales, tax and best sellers over the days you choose (store time, both days included).
        </Text>
      </div>
      <Paper withBorder radius="md" p="md">
        <Group align="end" gap="md">
          <TextInput
            type="date"
            label="From"
            value={range.from}
            max={range.to}
            onChange={(event) => update({ from: dayOf(event.currentTarget.value) })}
            error={problem?.from}
            w={170}
          />
          <TextInput
            type="date"
            label="To"
            value={range.to}
            min={range.from}
            onChange={(event) => update({ to: dayOf(event.currentTarget.value) })}
            error={problem?.to}
            w={170}
          />
          {tab === 'sales' && (
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                Group by
              </Text>
              <SegmentedControl
                value={by}
                onChange={(value) => update({ by: value === 'day' ? undefined : value })}
                data={[
                  { value: 'day', label: 'Day' },
                  { value: 'week', label: 'Week' },
                  { value: 'month', label: 'Month' },
                ]}
              />
            </Stack>
          )}
          <Group gap={6}>
            {presetsOf(today).map((preset) => (
              <Button
                key={preset.label}
                variant="subtle"
                size="compact-sm"
                onClick={() => update({ from: preset.from, to: preset.to })}
              >
                {preset.label}
              </Button>
            ))}
          </Group>
        </Group>
      </Paper>
      <Tabs
        value={tab}
        onChange={(next) => update({ tab: next && next !== 'sales' ? next : undefined })}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="sales">Sales</Tabs.Tab>
          <Tabs.Tab value="tax">Tax</Tabs.Tab>
          <Tabs.Tab value="top-products">Top products</Tabs.Tab>
        </Tabs.List>
        {problem ? (
          <Text c="red" pt="md" role="alert">
            {Object.values(problem).join(' ')} Choose other days.
          </Text>
        ) : (
          <>
            <Tabs.Panel value="sales" pt="md">
              <SalesReportView query={{ ...range, by }} />
            </Tabs.Panel>
            <Tabs.Panel value="tax" pt="md">
              <TaxReportView range={range} />
            </Tabs.Panel>
            <Tabs.Panel value="top-products" pt="md">
              <TopProductsReportView
                query={{ ...range, limit, sort }}
                onChange={(change) =>
                  update({
                    ...(change.limit === undefined
                      ? {}
                      : { limit: change.limit === TOP_PRODUCTS_DEFAULT ? undefined : String(change.limit) }),
                    ...(change.sort === undefined
                      ? {}
                      : { sort: change.sort === 'quantity' ? undefined : change.sort }),
                  })
                }
              />
            </Tabs.Panel>
          </>
        )}
      </Tabs>
    </Stack>
  );
}
