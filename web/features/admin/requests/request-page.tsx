import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Group,
  Image,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Timeline,
  Title,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import {
  type InvoiceDraftState,
  REPLY_MAX,
  REQUEST_KIND_LABELS,
  type RequestDetail,
  type RequestReplyCreate,
  requestReplyCreateSchema,
} from '../../../../domain/admin/requests.ts';
import { REQUEST_STATUSES, type RequestStatus, SOCK_SIZES } from '../../../../domain/requests.ts';
import { TextAreaField } from '../../../components/form/text-field.tsx';
import { FreeText } from '../../../components/free-text.tsx';
import { errorMessage } from '../../../lib/errors.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { listPathAsLeft } from '../../../lib/list-query.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { paths } from '../../../lib/paths.ts';
import { RequestStatusBadge, STATUS_LABELS } from './request-status-badge.tsx';
import { useInvoiceDraft, useReplyToRequest, useRequest, useSetRequestStatus } from './requests.api.ts';

const STATUS_OPTIONS = REQUEST_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] }));

/** #/admin/requests/:kind/:id: the request whole, its status, the replies, and a new reply. */
export function RequestPage() {
  const { kind = '', id = '' } = useParams();
  const request = useRequest(kind, id);
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={listPathAsLeft(paths.adminRequests())} size="sm">
        ← All requests
      </Anchor>
      {request.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading the request" />
        </Center>
      ) : request.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(request.error)}
        </Alert>
      ) : (
        <RequestView key={`${kind}/${id}`} request={request.data} />
      )}
    </Stack>
  );
}

function RequestView({ request }: { request: RequestDetail }) {
  const id = String(request.id);
  const setStatus = useSetRequestStatus(request.kind, id);

  const changeStatus = async (status: RequestStatus) => {
    try {
      await setStatus.mutateAsync(status);
      notifySuccess(`The request is now ${STATUS_LABELS[status].toLowerCase()}.`);
    } catch (error) {
      notifyError(errorMessage(error));
    }
  };

  return (
    <>
      <Group justify="space-between" align="flex-start">
        <div>
          <Group gap="xs">
            <Badge variant="outline" color="gray">
              {REQUEST_KIND_LABELS[request.kind]} #{request.id}
            </Badge>
            <RequestStatusBadge status={request.status} />
          </Group>
          <Title order={1} size="h2" mt={6}>
            {request.name}
          </Title>
          <Text c="dimmed" size="sm">
            <Anchor href={`mailto:${request.email}`}>{request.email}</Anchor> · received{' '}
            {formatDateTime(request.created_at)}
            {request.client_id === null ? ' · a visitor' : ` · client #${request.client_id}`}
          </Text>
        </div>
        <Select
          label="Status"
          data={STATUS_OPTIONS}
          value={request.status}
          onChange={(value) => {
            if (value && value !== request.status && isStatus(value)) void changeStatus(value);
          }}
          allowDeselect={false}
          disabled={setStatus.isPending}
          w={180}
        />
      </Group>
      {request.kind === 'custom' && <CustomDetails request={request} />}
      {request.kind === 'contact' && <ContactDetails request={request} />}
      {request.kind === 'wish' && <WishDetails request={request} />}
      <Replies request={request} />
      <ReplyForm request={request} />
    </>
  );
}

const isStatus = (value: string): value is RequestStatus =>
  (REQUEST_STATUSES as readonly string[]).includes(value);

/** Label and value rows; an empty value shows a dash. */
function Fields({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <Table variant="vertical" layout="fixed" withTableBorder={false}>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w={160}>{label}</Table.Th>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>
              {value === '' || value === null || value === undefined ? '—' : value}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function Message({ text }: { text: string }) {
  return text.trim() ? (
    <FreeText>{text}</FreeText>
  ) : (
    <Text size="sm" c="dimmed">
      No message.
    </Text>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="lg">
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function CustomDetails({ request }: { request: Extract<RequestDetail, { kind: 'custom' }> }) {
  const size = SOCK_SIZES.find((option) => option.value === request.size)?.label ?? request.size;
  return (
    <>
      <Section title="The design">
        <Fields
          rows={[
            ['Quantity', `${request.quantity} pairs`],
            ['Sock type', request.type],
            ['Size', size],
            ['Colour', request.color],
            [
              'Stripes',
              request.stripes ? `${request.stripes}, ${request.stripe_color || 'no colour given'}` : 'None',
            ],
            ['Text', request.text],
            ['Text location', request.text_location],
            ['Text alignment', request.text_alignment],
            ['Text size', request.text_size],
            ['Text colour', request.text_color],
            ['Logo location', request.logo_location],
          ]}
        />
      </Section>
      <Section title={`Logos (${request.logos.length})`}>
        {request.logos.length === 0 ? (
          <Text size="sm" c="dimmed">
            No logo was uploaded.
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            {request.logos.map((url, index) => (
              <Anchor key={url} href={url} target="_blank" rel="noreferrer">
                <Image
                  src={url}
                  alt={`Logo ${index + 1}`}
                  h={140}
                  fit="contain"
                  radius="sm"
                  bd="1px solid var(--mantine-color-gray-3)"
                />
              </Anchor>
            ))}
          </SimpleGrid>
        )}
      </Section>
      <Section title="Message">
        <Message text={request.message} />
      </Section>
    </>
  );
}

function ContactDetails({ request }: { request: Extract<RequestDetail, { kind: 'contact' }> }) {
  return (
    <Section title="Message">
      <Stack gap="md">
        <Fields
          rows={[
            ['Phone', request.phone],
            ['Address', request.address],
          ]}
        />
        <Message text={request.message} />
      </Stack>
    </Section>
  );
}

function WishDetails({ request }: { request: Extract<RequestDetail, { kind: 'wish' }> }) {
  const navigate = useNavigate();
  const draft = useInvoiceDraft(request.kind, String(request.id));
  const makeInvoice = () => {
    if (!draft.data) return;
    const state: InvoiceDraftState = { invoiceDraft: draft.data };
    navigate(paths.generateInvoice(), { state });
  };
  return (
    <>
      <Section title="The client">
        <Stack gap="md">
          <Fields
            rows={[
              ['Phone', request.phone],
              ['Address', request.address],
              ['Sent from', request.source],
            ]}
          />
          <Message text={request.message} />
        </Stack>
      </Section>
      <Paper withBorder radius="md" p="lg">
        <Group justify="space-between" mb="sm">
          <Title order={2} size="h4">
            The wish list ({request.lines.length} {request.lines.length === 1 ? 'line' : 'lines'})
          </Title>
          <Button onClick={makeInvoice} loading={draft.isPending} disabled={!draft.data}>
            Make an invoice
          </Button>
        </Group>
        {draft.isError && (
          <Alert color="red" role="alert" mb="sm">
            {errorMessage(draft.error)}
          </Alert>
        )}
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Code</Table.Th>
              <Table.Th>Product</Table.Th>
              <Table.Th>Size</Table.Th>
              <Table.Th ta="right">Quantity</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {request.lines.map((line) => (
              <Table.Tr key={`${line.product_id}-${line.package_id}-${line.size_name}`}>
                <Table.Td>{line.code}</Table.Td>
                <Table.Td>{line.name}</Table.Td>
                <Table.Td>{line.size_name ?? '—'}</Table.Td>
                <Table.Td ta="right">{line.quantity}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Text size="xs" c="dimmed" mt="xs">
          The invoice opens in the POS form with the client and these lines at today’s prices; a product no
          longer sold is left without a price for you to fill.
        </Text>
      </Paper>
    </>
  );
}

function Replies({ request }: { request: RequestDetail }) {
  return (
    <Section title="Replies">
      {request.replies.length === 0 ? (
        <Text size="sm" c="dimmed">
          No reply yet.
        </Text>
      ) : (
        <Timeline bulletSize={14} lineWidth={2}>
          {request.replies.map((reply) => (
            <Timeline.Item
              key={reply.id}
              title={
                <Group gap="xs">
                  <Text size="sm" fw={600}>
                    {reply.actor ?? 'Staff'}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(reply.created_at)}
                  </Text>
                  {reply.outbox_status && (
                    <Badge
                      size="xs"
                      variant="light"
                      color={reply.outbox_status === 'failed' ? 'red' : 'gray'}
                    >
                      e-mail {reply.outbox_status}
                    </Badge>
                  )}
                </Group>
              }
            >
              <FreeText>{reply.text}</FreeText>
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </Section>
  );
}

function ReplyForm({ request }: { request: RequestDetail }) {
  const send = useReplyToRequest(request.kind, String(request.id));
  const { control, handleSubmit, setError, reset, formState } = useForm<RequestReplyCreate>({
    resolver: zodResolver(requestReplyCreateSchema),
    defaultValues: { text: '' },
  });
  const submit = handleSubmit(async (values) => {
    try {
      await send.mutateAsync(values);
      reset({ text: '' });
      notifySuccess(`Your reply is on its way to ${request.email}.`);
    } catch (error) {
      const message = applyServerErrors(error, setError, ['text']);
      if (message) notifyError(message);
    }
  });
  return (
    <Paper withBorder radius="md" p="lg">
      <form onSubmit={submit} noValidate aria-label="Reply">
        <Stack gap="sm">
          <Title order={2} size="h4">
            Reply by e-mail
          </Title>
          <TextAreaField
            control={control}
            name="text"
            label={`To ${request.name} <${request.email}>`}
            description="Sent through the outbox with the shop’s signature and their message quoted; the request becomes answered."
            autosize
            minRows={4}
            maxLength={REPLY_MAX}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={send.isPending || formState.isSubmitting}>
              Send the reply
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
