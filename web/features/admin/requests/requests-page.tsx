import {
  Alert,
  Anchor,
  Badge,
  Center,
  Group,
  Loader,
  Pagination,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Link, useNavigate } from 'react-router';
import {
  isRequestKind,
  REQUEST_KIND_LABELS,
  REQUEST_KINDS,
  type RequestSummary,
} from '../../../../domain/admin/requests.ts';
import { REQUEST_STATUSES, type RequestStatus } from '../../../../domain/requests.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useListQuery, usePageWithinList } from '../../../lib/list-query.ts';
import { paths } from '../../../lib/paths.ts';
import { RequestStatusBadge, STATUS_LABELS } from './request-status-badge.tsx';
import { useRequests } from './requests.api.ts';

const KIND_FILTERS = [
  { value: '', label: 'All' },
  ...REQUEST_KINDS.map((kind) => ({ value: kind, label: REQUEST_KIND_LABELS[kind] })),
];
const STATUS_FILTERS = [
  { value: '', label: 'Every status' },
  ...REQUEST_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] })),
];

const isStatus = (value: string): value is RequestStatus =>
  (REQUEST_STATUSES as readonly string[]).includes(value);

/** #/admin/requests: custom, contact and wish requests in one inbox, newest first. */
export function RequestsPage() {
  const { filters, page, setFilters, setPage } = useListQuery(
    { kind: '', status: '', q: '' },
    { kind: isRequestKind, status: isStatus },
  );
  const { kind, status } = filters;
  const [q] = useDebouncedValue(filters.q.trim(), 300);
  const requests = useRequests({
    kind: isRequestKind(kind) ? kind : undefined,
    status: isStatus(status) ? status : undefined,
    q: q || undefined,
    page,
  });
  usePageWithinList(page, setPage, requests.data);
  const filtered = kind !== '' || status !== '' || q !== '';

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          Requests
        </Title>
        <Text c="dimmed">
          Custom sock requests, contact messages and wish lists: open one to answer it by e-mail.
        </Text>
      </div>
      <Group align="flex-end">
        <SegmentedControl
          aria-label="Kind of request"
          data={KIND_FILTERS}
          value={kind}
          onChange={(value) => setFilters({ kind: value })}
        />
        <Select
          aria-label="Status"
          data={STATUS_FILTERS}
          value={status}
          onChange={(value) => setFilters({ status: value ?? '' })}
          allowDeselect={false}
          w={180}
        />
        <TextInput
          placeholder="Name or e-mail"
          aria-label="Find a request"
          value={filters.q}
          onChange={(event) => setFilters({ q: event.currentTarget.value }, { replace: true })}
          w={260}
        />
      </Group>
      {requests.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading the requests" />
        </Center>
      ) : requests.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(requests.error)}
        </Alert>
      ) : requests.data.requests.length === 0 ? (
        <Text c="dimmed">{filtered ? 'No request matches.' : 'No request has come in yet.'}</Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={760}>
            <Table striped highlightOnHover verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Received</Table.Th>
                  <Table.Th>Kind</Table.Th>
                  <Table.Th>From</Table.Th>
                  <Table.Th>Summary</Table.Th>
                  <Table.Th>Status</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {requests.data.requests.map((request) => (
                  <RequestRow key={`${request.kind}/${request.id}`} request={request} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {requests.data.total} {requests.data.total === 1 ? 'request' : 'requests'}
            </Text>
            {requests.data.total > requests.data.pageSize && (
              <Pagination
                value={page}
                onChange={setPage}
                total={Math.ceil(requests.data.total / requests.data.pageSize)}
              />
            )}
          </Group>
        </>
      )}
    </Stack>
  );
}

function RequestRow({ request }: { request: RequestSummary }) {
  const navigate = useNavigate();
  // The whole row opens the request, as the name's link does for a keyboard (and by itself: a second
  // navigation would need two Backs).
  return (
    <Table.Tr
      onClick={(event) => {
        if ((event.target as Element).closest('a')) return;
        navigate(paths.adminRequest(request.kind, request.id));
      }}
      style={{ cursor: 'pointer' }}
    >
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(request.created_at)}</Table.Td>
      <Table.Td>
        <Badge variant="outline" color="gray" style={{ whiteSpace: 'nowrap' }}>
          {REQUEST_KIND_LABELS[request.kind]} #{request.id}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Anchor component={Link} to={paths.adminRequest(request.kind, request.id)} fw={600} size="sm">
          {request.name}
        </Anchor>
        <Text size="xs" c="dimmed">
          {request.email}
        </Text>
      </Table.Td>
      <Table.Td maw={360}>
        <Text size="sm" lineClamp={2}>
          {request.summary || '—'}
        </Text>
      </Table.Td>
      <Table.Td>
        <RequestStatusBadge status={request.status} />
      </Table.Td>
    </Table.Tr>
  );
}
