import {
  Alert,
  Badge,
  Button,
  Center,
  Code,
  Drawer,
  Group,
  Loader,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { OUTBOX_STATUSES, type OutboxStatus } from '../../../../domain/admin/outbox.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useListQuery } from '../../../lib/list-query.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import {
  type OutboxRow,
  useDownloadAttachment,
  useMailHealth,
  useOutbox,
  useOutboxMail,
  useResend,
} from './outbox.api.ts';

const STATUS_COLORS: Record<string, string> = {
  pending: 'blue',
  sending: 'yellow',
  sent: 'green',
  failed: 'red',
};
const STATUS_FILTERS = [
  { value: '', label: 'All' },
  ...OUTBOX_STATUSES.map((status) => ({ value: status, label: status[0]?.toUpperCase() + status.slice(1) })),
];
const isStatus = (value: string): value is OutboxStatus =>
  (OUTBOX_STATUSES as readonly string[]).includes(value);

function StatusBadge({ status }: { status: string }) {
  return (
    <Badge
      color={STATUS_COLORS[status] ?? 'gray'}
      variant="light"
      style={{ overflow: 'visible' }}
      miw="fit-content"
    >
      {status}
    </Badge>
  );
}

function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** #/admin/outbox: every e-mail the shop sends, what waits and what failed; the mail server's health. */
export function OutboxPage() {
  const { filters, setFilters } = useListQuery({ status: '' }, { status: isStatus });
  const { status } = filters;
  const [openId, setOpenId] = useState<number | null>(null);
  const outbox = useOutbox(isStatus(status) ? status : undefined);
  const resend = useResend();

  const sendAgain = async (mail: Pick<OutboxRow, 'id' | 'to'>) => {
    try {
      await resend.mutateAsync(mail.id);
      notifySuccess(`The e-mail to ${mail.to} is sent again.`);
    } catch (error) {
      notifyError(errorMessage(error));
    }
  };

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          Outbox
        </Title>
        <Text c="dimmed">Every e-mail is written here first, then sent; the newest 100 are shown.</Text>
      </div>
      <MailHealth />
      <SegmentedControl
        aria-label="Status"
        data={STATUS_FILTERS}
        value={status}
        onChange={(value) => setFilters({ status: value })}
        w="fit-content"
      />
      {outbox.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading the outbox" />
        </Center>
      ) : outbox.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(outbox.error)}
        </Alert>
      ) : outbox.data.length === 0 ? (
        <Text c="dimmed">{status ? `No ${status} e-mail.` : 'No e-mail has been written yet.'}</Text>
      ) : (
        <Table.ScrollContainer minWidth={900}>
          <Table striped highlightOnHover verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>To</Table.Th>
                <Table.Th>Subject</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th ta="right">Attempts</Table.Th>
                <Table.Th>Last error</Table.Th>
                <Table.Th>Written</Table.Th>
                <Table.Th>Sent</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {outbox.data.map((mail) => (
                <Table.Tr key={mail.id}>
                  <Table.Td>{mail.to}</Table.Td>
                  <Table.Td maw={280}>
                    <Text size="sm" lineClamp={2}>
                      {mail.subject}
                    </Text>
                    {mail.attachments.length > 0 && (
                      <Text size="xs" c="dimmed">
                        Attached: {mail.attachments.map((a) => a.filename).join(', ')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td miw={100}>
                    <StatusBadge status={mail.status} />
                  </Table.Td>
                  <Table.Td ta="right">{mail.attempts}</Table.Td>
                  <Table.Td maw={220}>
                    <Text size="xs" c={mail.lastError ? 'red' : 'dimmed'} lineClamp={2}>
                      {mail.lastError ?? '—'}
                    </Text>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(mail.createdAt)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {mail.sentAt ? formatDateTime(mail.sentAt) : '—'}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <Button size="compact-sm" variant="default" onClick={() => setOpenId(mail.id)}>
                        Open
                      </Button>
                      {mail.status === 'failed' && (
                        <Button
                          size="compact-sm"
                          color="red"
                          variant="light"
                          loading={resend.isPending && resend.variables === mail.id}
                          onClick={() => sendAgain(mail)}
                        >
                          Resend
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Drawer
        opened={openId !== null}
        onClose={() => setOpenId(null)}
        position="right"
        size="lg"
        title="E-mail"
      >
        {openId !== null && <MailView id={openId} onResend={sendAgain} resending={resend.isPending} />}
      </Drawer>
    </Stack>
  );
}

/** The mail server's answer, asked once as the page opens. */
function MailHealth() {
  const health = useMailHealth();
  if (health.isPending) {
    return (
      <Alert color="gray" title="Mail server">
        <Group gap="xs">
          <Loader size="xs" /> Asking the mail server…
        </Group>
      </Alert>
    );
  }
  if (health.isError) {
    return (
      <Alert color="red" title="Mail server" role="alert">
        {errorMessage(health.error)}
      </Alert>
    );
  }
  const answer = health.data;
  const again = (
    <Button size="compact-xs" variant="subtle" onClick={() => health.refetch()} loading={health.isFetching}>
      Ask again
    </Button>
  );
  if (!answer.configured) {
    return (
      <Alert color="yellow" title="No mail server">
        <Text size="sm">SMTP_URL is not set: e-mails are kept here, unsent, until one is configured.</Text>
      </Alert>
    );
  }
  if (answer.ok) {
    return (
      <Alert color="green" title="The mail server answers">
        <Group justify="space-between">
          <Text size="sm">E-mails waiting here are sent within seconds.</Text>
          {again}
        </Group>
      </Alert>
    );
  }
  return (
    <Alert color="red" title="The mail server does not answer" role="alert">
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm">{answer.error} — e-mails wait here and are tried again, nothing is lost.</Text>
        {again}
      </Group>
    </Alert>
  );
}

function MailView({
  id,
  onResend,
  resending,
}: {
  id: number;
  onResend: (mail: Pick<OutboxRow, 'id' | 'to'>) => void;
  resending: boolean;
}) {
  const mail = useOutboxMail(id);
  const download = useDownloadAttachment();
  if (mail.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading the e-mail" />
      </Center>
    );
  }
  if (mail.isError) {
    return (
      <Alert color="red" role="alert">
        {errorMessage(mail.error)}
      </Alert>
    );
  }
  const m = mail.data;
  const save = async (index: number, filename: string) => {
    try {
      await download.mutateAsync({ id: m.id, index, filename });
    } catch (error) {
      notifyError(errorMessage(error));
    }
  };
  return (
    <Stack gap="md">
      <div>
        <Text fw={700}>{m.subject}</Text>
        <Text size="sm" c="dimmed">
          To {m.to}
        </Text>
      </div>
      <Group gap="xs">
        <StatusBadge status={m.status} />
        <Text size="xs" c="dimmed">
          written {formatDateTime(m.createdAt)} · {m.attempts} {m.attempts === 1 ? 'attempt' : 'attempts'}
          {m.sentAt ? ` · sent ${formatDateTime(m.sentAt)}` : ''}
          {m.status === 'pending' ? ` · next try ${formatDateTime(m.nextAttemptAt)}` : ''}
        </Text>
      </Group>
      {m.lastError && (
        <Alert color="red" title="Last error">
          {m.lastError}
        </Alert>
      )}
      {(m.status === 'failed' || m.status === 'pending') && (
        <Group>
          <Button
            variant="light"
            color={m.status === 'failed' ? 'red' : 'blue'}
            loading={resending}
            onClick={() => onResend(m)}
          >
            {m.status === 'failed' ? 'Resend' : 'Send now'}
          </Button>
        </Group>
      )}
      <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
        {m.text}
      </Code>
      {m.hasHtml && (
        <Text size="xs" c="dimmed">
          An HTML version goes with this text.
        </Text>
      )}
      {m.attachments.length > 0 && (
        <Stack gap={6}>
          <Text fw={600} size="sm">
            Attachments
          </Text>
          {m.attachments.map((a, index) => (
            <Group key={`${a.filename}-${a.size}`} justify="space-between">
              <Text size="sm">
                {a.filename}{' '}
                <Text span size="xs" c="dimmed">
                  {a.contentType}, {sizeText(a.size)}
                </Text>
              </Text>
              <Button
                size="compact-sm"
                variant="default"
                loading={download.isPending && download.variables?.index === index + 1}
                onClick={() => save(index + 1, a.filename)}
              >
                Download
              </Button>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
