import { Alert, Badge, Button, Center, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import type { CheckStatus, GoLiveReport } from '../../../../domain/admin/go-live.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { SuccessAlert } from '../success-alert.tsx';
import { useGoLiveCheck } from './go-live.api.ts';

/**
 * Filled in the darkest shade of each colour: white on it is above WCAG AA's 4.5:1, which no
 * light badge's text is on its tint over the page's grey (green's darkest is not: teal instead).
 */
const STATUS_BADGES: Record<CheckStatus, { label: string; color: string }> = {
  ok: { label: 'OK', color: 'teal.9' },
  warning: { label: 'Warning', color: 'orange.9' },
  failed: { label: 'Failed', color: 'red.9' },
};

function StatusBadge({ status }: { status: CheckStatus }) {
  const badge = STATUS_BADGES[status];
  return (
    // A badge's label may shrink to an ellipsis in a narrow cell; a status is never cut short.
    <Badge color={badge.color} variant="filled" styles={{ label: { overflow: 'visible' } }}>
      {badge.label}
    </Badge>
  );
}

/** #/admin/go-live: whether the shop is ready to take real money (npm run stripe:check's checks). */
export function GoLivePage() {
  const check = useGoLiveCheck();
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            Going live
          </Title>
          <Text c="dimmed">
            What the shop needs to take real money with Stripe, looked at without changing anything (the same
            checks as npm run stripe:check).
          </Text>
        </div>
        <Button onClick={() => void check.refetch()} loading={check.isFetching}>
          Run the checks again
        </Button>
      </Group>
      {check.isError && (
        <Alert color="red" title="The checks could not be run" role="alert">
          {errorMessage(check.error)}
        </Alert>
      )}
      {check.isPending ? (
        <Center py="xl">
          <Loader aria-label="Running the checks" />
        </Center>
      ) : (
        check.data && <Report report={check.data} checkedAt={check.dataUpdatedAt} busy={check.isFetching} />
      )}
    </Stack>
  );
}

function Report({ report, checkedAt, busy }: { report: GoLiveReport; checkedAt: number; busy: boolean }) {
  return (
    <>
      {report.testMode && (
        <Alert
          color="yellow"
          variant="light"
          title="TEST MODE"
          // Yellow text is under 4.5:1 on the yellow tint; the darkest orange is not.
          styles={{ title: { color: 'var(--mantine-color-orange-9)' } }}
        >
          {report.provider === 'sandbox'
            ? 'The built-in sandbox takes the payments: Stripe’s test cards and simulated readers only. No real money moves.'
            : 'Stripe test keys: payments are Stripe test payments. No real money moves.'}
        </Alert>
      )}
      <Verdict report={report} />
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="sm" aria-busy={busy} captionSide="bottom">
          <Table.Caption>Go-live checks, run {formatDateTime(checkedAt)}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Check</Table.Th>
              <Table.Th scope="col">Status</Table.Th>
              <Table.Th scope="col">Detail</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {report.results.map((result) => (
              <Table.Tr key={result.check}>
                <Table.Th scope="row" fw={600} style={{ whiteSpace: 'nowrap' }}>
                  {result.check}
                </Table.Th>
                <Table.Td>
                  <StatusBadge status={result.status} />
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{result.detail}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}

/**
 * The overall line. A shop in test mode with nothing failed is not called ready to take real money:
 * it takes none until live keys are set.
 */
function Verdict({ report }: { report: GoLiveReport }) {
  const count = (status: CheckStatus) => report.results.filter((result) => result.status === status).length;
  const failed = count('failed');
  if (failed > 0) {
    return (
      <Alert color="red" title={`Not ready: ${failed} ${failed === 1 ? 'check' : 'checks'} failed`}>
        Fix what the failed checks say, then run the checks again.
      </Alert>
    );
  }
  if (report.testMode) {
    return (
      <Alert color="blue" title="No check failed, but this is test mode">
        Set live Stripe keys (sk_live_… and pk_live_…) to take real money, then run the checks again.
      </Alert>
    );
  }
  const warnings = count('warning');
  return (
    <SuccessAlert title="Ready to take real money">
      {warnings === 0
        ? 'Every check passed.'
        : `Nothing stops it; ${warnings} ${warnings === 1 ? 'warning is' : 'warnings are'} worth a look below.`}
    </SuccessAlert>
  );
}
