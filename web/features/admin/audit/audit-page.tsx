import { Alert, Center, Loader, Pagination, Select, Stack, Table, Text, Title } from '@mantine/core';
import type { AuditEntry } from '../../../../domain/admin/staff.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { isOptionOf, useListQuery, usePageWithinList } from '../../../lib/list-query.ts';
import { useAudit } from './audit.api.ts';
import { auditChanges } from './audit-changes.ts';

const ENTITIES = [
  { value: '', label: 'Everything' },
  { value: 'settings', label: 'Settings' },
  { value: 'tax_rate', label: 'Tax rates' },
  { value: 'client', label: 'Accounts and staff' },
  { value: 'stock', label: 'Stock' },
  { value: 'product', label: 'Products' },
  { value: 'category', label: 'Categories' },
];

const when = new Intl.DateTimeFormat('en-CA', { dateStyle: 'medium', timeStyle: 'short' });

/** #/admin/audit: every back-office change, newest first. */
export function AuditPage() {
  const { filters, page, setFilters, setPage } = useListQuery(
    { entity: '' },
    { entity: isOptionOf(ENTITIES) },
  );
  const { entity } = filters;
  const audit = useAudit({ entity, page });
  usePageWithinList(page, setPage, audit.data);
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          Audit log
        </Title>
        <Text c="dimmed">
          Every change made in the back office: who, when, and what changed, from what to what.
        </Text>
      </div>
      <Select
        label="Show"
        data={ENTITIES}
        value={entity}
        onChange={(value) => setFilters({ entity: value ?? '' })}
        allowDeselect={false}
        w={260}
      />
      {audit.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading the audit log" />
        </Center>
      ) : audit.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(audit.error)}
        </Alert>
      ) : audit.data.entries.length === 0 ? (
        <Text c="dimmed">No change has been recorded yet.</Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={800}>
            <Table striped verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>When</Table.Th>
                  <Table.Th>Who</Table.Th>
                  <Table.Th>What</Table.Th>
                  <Table.Th>Changes</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {audit.data.entries.map((entry) => (
                  <AuditRow key={entry.id} entry={entry} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {audit.data.total > audit.data.pageSize && (
            <Pagination
              value={page}
              onChange={setPage}
              total={Math.ceil(audit.data.total / audit.data.pageSize)}
            />
          )}
        </>
      )}
    </Stack>
  );
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  return (
    <Table.Tr>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{when.format(new Date(entry.createdAt))}</Table.Td>
      <Table.Td>{entry.actor ?? 'The shop'}</Table.Td>
      <Table.Td>
        <Text size="sm" fw={600}>
          {entry.action}
        </Text>
        {entry.entityId && (
          <Text size="xs" c="dimmed">
            {entry.entity} {entry.entityId}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <AuditChanges entry={entry} />
      </Table.Td>
    </Table.Tr>
  );
}

/** 'short_description: Classic → Classic, in merino', a line a field; the whole value when it is not a record. */
function AuditChanges({ entry }: { entry: AuditEntry }) {
  const { changes, more } = auditChanges(entry.before, entry.after, entry.entity);
  if (changes.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Nothing changed
      </Text>
    );
  return (
    <Stack gap={2}>
      {changes.map((change) => (
        <Text key={change.field ?? ''} size="sm" style={{ wordBreak: 'break-word' }}>
          {change.field ? (
            <Text span fw={600} size="sm">
              {change.field}:{' '}
            </Text>
          ) : null}
          <Text span c="dimmed" size="sm">
            {change.before}
          </Text>
          {' → '}
          {change.after}
        </Text>
      ))}
      {more > 0 ? (
        <Text size="xs" c="dimmed">
          and {more} more {more === 1 ? 'field' : 'fields'}
        </Text>
      ) : null}
    </Stack>
  );
}
