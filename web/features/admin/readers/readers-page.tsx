import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  type AdminReader,
  type ReaderRegister,
  readerRegisterSchema,
} from '../../../../domain/admin/readers.ts';
import { FormActions } from '../../../components/form/form-actions.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { useConfig } from '../../../lib/config.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import {
  useAssignReader,
  usePosStaff,
  useReaders,
  useRegisterReader,
  useRenameReader,
} from './readers.api.ts';

type Dialog =
  | { kind: 'register' }
  | { kind: 'rename'; reader: AdminReader }
  | { kind: 'assign'; reader: AdminReader };

/** #/admin/readers: the shop's card readers, who uses each, and new ones. */
export function ReadersPage() {
  const readers = useReaders();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            Card readers
          </Title>
          <Text c="dimmed">
            The register takes card payments on these; each cashier uses the reader given to them.
          </Text>
        </div>
        <Button onClick={() => setDialog({ kind: 'register' })}>Register a reader</Button>
      </Group>
      {readers.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading the card readers" />
        </Center>
      ) : readers.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(readers.error)}
        </Alert>
      ) : readers.data.length === 0 ? (
        <Text c="dimmed">No card reader yet: register the first one.</Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped verticalSpacing="xs" aria-label="Card readers">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Device</Table.Th>
                <Table.Th>Used by</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {readers.data.map((reader) => (
                <Table.Tr key={reader.id}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {reader.label}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {reader.id}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      <Badge color={reader.status === 'online' ? 'green' : 'gray'} variant="light">
                        {reader.status}
                      </Badge>
                      {reader.busy && <Badge color="orange">In use</Badge>}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{reader.device_type}</Text>
                    <Text size="xs" c="dimmed">
                      {reader.serial_number}
                    </Text>
                  </Table.Td>
                  <Table.Td>{reader.assigned_to.map((staff) => staff.name).join(', ') || '—'}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <Button
                        size="compact-sm"
                        variant="default"
                        onClick={() => setDialog({ kind: 'rename', reader })}
                      >
                        Rename
                      </Button>
                      <Button
                        size="compact-sm"
                        variant="light"
                        onClick={() => setDialog({ kind: 'assign', reader })}
                      >
                        Give to…
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Modal
        opened={dialog !== null}
        onClose={close}
        centered
        title={
          dialog?.kind === 'register'
            ? 'Register a reader'
            : dialog?.kind === 'rename'
              ? `Rename ${dialog.reader.label}`
              : dialog
                ? `Give ${dialog.reader.label} to`
                : ''
        }
      >
        {dialog?.kind === 'register' && <RegisterForm onDone={close} />}
        {dialog?.kind === 'rename' && <RenameForm reader={dialog.reader} onDone={close} />}
        {dialog?.kind === 'assign' && <AssignForm reader={dialog.reader} onDone={close} />}
      </Modal>
    </Stack>
  );
}

function RegisterForm({ onDone }: { onDone: () => void }) {
  const { config } = useConfig();
  const register = useRegisterReader();
  const [failure, setFailure] = useState<string | undefined>();
  const { control, handleSubmit, setError } = useForm<ReaderRegister>({
    resolver: zodResolver(readerRegisterSchema),
    defaultValues: { registration_code: config.testMode ? 'simulated-wpe' : '', label: '' },
  });
  const submit = handleSubmit(async (values) => {
    setFailure(undefined);
    try {
      const reader = await register.mutateAsync(values);
      notifySuccess(`${reader.label} is registered.`);
      onDone();
    } catch (error) {
      setFailure(applyServerErrors(error, setError, ['registration_code', 'label']));
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Register a reader">
      <Stack gap="md">
        <TextField
          control={control}
          name="registration_code"
          label="Registration code"
          description={
            config.testMode
              ? 'Test mode: simulated-wpe registers a simulated reader.'
              : 'The three words the reader shows (Settings, Generate pairing code).'
          }
          withAsterisk
        />
        <TextField
          control={control}
          name="label"
          label="Name"
          placeholder="Front counter"
          withAsterisk
          data-autofocus
        />
        <FormActions
          failure={failure}
          onCancel={onDone}
          submitLabel="Register"
          loading={register.isPending}
        />
      </Stack>
    </form>
  );
}

function RenameForm({ reader, onDone }: { reader: AdminReader; onDone: () => void }) {
  const rename = useRenameReader();
  const [failure, setFailure] = useState<string | undefined>();
  const { control, handleSubmit, setError } = useForm<{ label: string }>({
    resolver: zodResolver(readerRegisterSchema.pick({ label: true })),
    defaultValues: { label: reader.label },
  });
  const submit = handleSubmit(async ({ label }) => {
    setFailure(undefined);
    try {
      await rename.mutateAsync({ id: reader.id, label });
      notifySuccess(`The reader is now ${label}.`);
      onDone();
    } catch (error) {
      setFailure(applyServerErrors(error, setError, ['label']));
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Rename the reader">
      <Stack gap="md">
        <TextField control={control} name="label" label="Name" withAsterisk data-autofocus />
        <FormActions failure={failure} onCancel={onDone} submitLabel="Save" loading={rename.isPending} />
      </Stack>
    </form>
  );
}

function AssignForm({ reader, onDone }: { reader: AdminReader; onDone: () => void }) {
  const staff = usePosStaff();
  const assign = useAssignReader();
  const [chosen, setChosen] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | undefined>();
  const save = async () => {
    if (!chosen) {
      setFailure('Choose a staff member.');
      return;
    }
    setFailure(undefined);
    try {
      await assign.mutateAsync({ id: reader.id, staffId: Number(chosen) });
      notifySuccess(`${reader.label} is theirs now.`);
      onDone();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };
  return (
    <Stack gap="md">
      <Select
        label="Staff member"
        description="Only accounts with the POS role use a reader."
        data={(staff.data ?? []).map((account) => ({
          value: String(account.client_id),
          label: account.full_name,
        }))}
        value={chosen}
        onChange={setChosen}
        placeholder={staff.isPending ? 'Loading…' : 'Choose'}
        nothingFoundMessage="No POS staff yet"
      />
      {failure && (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          Cancel
        </Button>
        <Button onClick={save} loading={assign.isPending}>
          Give the reader
        </Button>
      </Group>
    </Stack>
  );
}
