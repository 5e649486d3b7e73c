import {
  Alert,
  Badge,
  Button,
  Center,
  Checkbox,
  CopyButton,
  Group,
  Loader,
  Menu,
  Modal,
  Pagination,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import {
  type Account,
  type PasswordResetStarted,
  STAFF_ROLES,
  type StaffRole,
} from '../../../../domain/admin/staff.ts';
import { setLoggedClient, useLoggedClient } from '../../../lib/auth-store.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { useListQuery, usePageWithinList } from '../../../lib/list-query.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useAccounts, useSetDisabled, useSetRoles, useStartPasswordReset } from './staff.api.ts';
import { StaffCreateModal } from './staff-create-modal.tsx';

const ROLE_LABELS: Record<StaffRole, string> = { POS: 'POS (register)', ADMIN: 'Admin (back office)' };

/** #/admin/staff: accounts, staff first; roles, disabling, password resets, new staff. */
export function StaffPage() {
  const { filters, page, setFilters, setPage } = useListQuery({ q: '', staff: true });
  const [q] = useDebouncedValue(filters.q.trim(), 300);
  const accounts = useAccounts({ q, staff: filters.staff, page });
  usePageWithinList(page, setPage, accounts.data);
  const [creating, setCreating] = useState(false);
  const [editingRoles, setEditingRoles] = useState<Account | null>(null);
  const [reset, setReset] = useState<PasswordResetStarted | null>(null);
  const setDisabled = useSetDisabled();
  const startReset = useStartPasswordReset();

  const toggleDisabled = async (account: Account) => {
    try {
      await setDisabled.mutateAsync({ id: account.client_id, disabled: !account.disabled });
      notifySuccess(
        account.disabled
          ? `${account.full_name} can log in again.`
          : `${account.full_name} is disabled: their sessions have ended.`,
      );
    } catch (error) {
      notifyError(errorMessage(error));
    }
  };

  const resetPassword = async (account: Account) => {
    try {
      setReset(await startReset.mutateAsync(account.client_id));
    } catch (error) {
      notifyError(errorMessage(error));
    }
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            Staff and accounts
          </Title>
          <Text c="dimmed">
            Who may use the register and the back office; disable an account to end its logins.
          </Text>
        </div>
        <Button onClick={() => setCreating(true)}>Add a staff member</Button>
      </Group>
      <Group>
        <TextInput
          placeholder="Name, user name, e-mail or company"
          aria-label="Find an account"
          value={filters.q}
          onChange={(event) => setFilters({ q: event.currentTarget.value }, { replace: true })}
          w={320}
        />
        <Switch
          label="Staff only"
          checked={filters.staff}
          onChange={(event) => setFilters({ staff: event.currentTarget.checked })}
        />
      </Group>
      {accounts.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading the accounts" />
        </Center>
      ) : accounts.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(accounts.error)}
        </Alert>
      ) : accounts.data.accounts.length === 0 ? (
        <Text c="dimmed">No account matches.</Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={760}>
            <Table striped highlightOnHover verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>User name</Table.Th>
                  <Table.Th>E-mail</Table.Th>
                  <Table.Th>Roles</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {accounts.data.accounts.map((account) => (
                  <Table.Tr key={account.client_id}>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {account.full_name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {account.company_name}
                      </Text>
                    </Table.Td>
                    <Table.Td>{account.user_name}</Table.Td>
                    <Table.Td>{account.email}</Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        {account.roles.map((role) => (
                          <Badge key={role} variant={role === 'CLIENT' ? 'outline' : 'light'} size="sm">
                            {role}
                          </Badge>
                        ))}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      {account.disabled ? (
                        <Badge color="gray">Disabled</Badge>
                      ) : (
                        <Badge color="green" variant="light">
                          Active
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Menu position="bottom-end" withinPortal>
                        <Menu.Target>
                          <Button
                            size="compact-sm"
                            variant="default"
                            aria-label={`Actions for ${account.user_name}`}
                          >
                            Actions
                          </Button>
                        </Menu.Target>
                        <Menu.Dropdown>
                          <Menu.Item onClick={() => setEditingRoles(account)}>Change roles</Menu.Item>
                          <Menu.Item onClick={() => resetPassword(account)}>Reset the password</Menu.Item>
                          <Menu.Item
                            color={account.disabled ? undefined : 'red'}
                            onClick={() => toggleDisabled(account)}
                          >
                            {account.disabled ? 'Enable the account' : 'Disable the account'}
                          </Menu.Item>
                        </Menu.Dropdown>
                      </Menu>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {accounts.data.total > accounts.data.pageSize && (
            <Pagination
              value={page}
              onChange={setPage}
              total={Math.ceil(accounts.data.total / accounts.data.pageSize)}
            />
          )}
        </>
      )}
      <StaffCreateModal opened={creating} onClose={() => setCreating(false)} />
      <RolesModal account={editingRoles} onClose={() => setEditingRoles(null)} />
      <Modal opened={reset !== null} onClose={() => setReset(null)} title="Password reset started" centered>
        {reset && (
          <Stack gap="sm">
            <Text size="sm">
              We e-mailed {reset.email} a link to choose a new password. It works once, for 24 hours. You can
              also hand it over yourself:
            </Text>
            <TextInput value={reset.link} readOnly aria-label="The reset link" />
            <Group justify="flex-end">
              <CopyButton value={reset.link}>
                {({ copied, copy }) => <Button onClick={copy}>{copied ? 'Copied' : 'Copy the link'}</Button>}
              </CopyButton>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}

function RolesModal({ account, onClose }: { account: Account | null; onClose: () => void }) {
  return (
    <Modal opened={account !== null} onClose={onClose} title="Change roles" centered>
      {account && <RolesForm account={account} onDone={onClose} />}
    </Modal>
  );
}

function RolesForm({ account, onDone }: { account: Account; onDone: () => void }) {
  const setRoles = useSetRoles();
  const me = useLoggedClient();
  const [roles, setChosen] = useState<StaffRole[]>(
    STAFF_ROLES.filter((role) => account.roles.includes(role)),
  );
  const [failure, setFailure] = useState<string | null>(null);
  const ownAccount = me?.client_id === account.client_id;
  // Allowed while another admin remains (the server refuses the last one), but it closes this page.
  const steppingDown = ownAccount && account.roles.includes('ADMIN') && !roles.includes('ADMIN');
  const save = async () => {
    setFailure(null);
    try {
      await setRoles.mutateAsync({ id: account.client_id, roles });
      notifySuccess(`${account.full_name}: ${roles.length > 0 ? roles.join(' and ') : 'a client only'}.`);
      // The session's own record follows at once: the back office then closes for a former admin.
      if (ownAccount && me) setLoggedClient({ ...me, roles: ['CLIENT', ...roles] });
      onDone();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };
  return (
    <Stack gap="md">
      <Text fw={600}>
        {account.full_name} ({account.user_name})
      </Text>
      <Checkbox.Group
        value={roles}
        onChange={(values) => setChosen(STAFF_ROLES.filter((r) => values.includes(r)))}
      >
        <Stack gap="xs">
          {STAFF_ROLES.map((role) => (
            <Checkbox key={role} value={role} label={ROLE_LABELS[role]} />
          ))}
        </Stack>
      </Checkbox.Group>
      <Text size="xs" c="dimmed">
        Every account can shop as a client. The change counts at once, even for someone logged in now.
      </Text>
      {steppingDown && (
        <Alert color="orange" title="Your own Admin role">
          You are taking the Admin role from your own account: the back office closes for you when you save,
          and only another admin can give the role back.
        </Alert>
      )}
      {failure && (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          Cancel
        </Button>
        <Button onClick={save} loading={setRoles.isPending} color={steppingDown ? 'red' : undefined}>
          {steppingDown ? 'Give up my Admin role' : 'Save roles'}
        </Button>
      </Group>
    </Stack>
  );
}
