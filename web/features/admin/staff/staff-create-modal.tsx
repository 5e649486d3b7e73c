import { zodResolver } from '@hookform/resolvers/zod';
import { Checkbox, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import { STAFF_ROLES, type StaffCreate, staffCreateSchema } from '../../../../domain/admin/staff.ts';
import { FormActions } from '../../../components/form/form-actions.tsx';
import { PasswordField, TextField } from '../../../components/form/text-field.tsx';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useCreateStaff } from './staff.api.ts';

const FIELDS = ['user_name', 'first_name', 'last_name', 'email', 'roles', 'password'] as const;

/** A new staff member's account, with the first password the owner hands over. */
export function StaffCreateModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Add a staff member" centered size="lg">
      {opened && <StaffCreateForm onDone={onClose} />}
    </Modal>
  );
}

function StaffCreateForm({ onDone }: { onDone: () => void }) {
  const create = useCreateStaff();
  const [failure, setFailure] = useState<string | undefined>();
  const { control, handleSubmit, setError } = useForm<StaffCreate>({
    resolver: zodResolver(staffCreateSchema),
    mode: 'onTouched',
    defaultValues: { user_name: '', first_name: '', last_name: '', email: '', roles: ['POS'], password: '' },
  });
  const roles = useController({ control, name: 'roles' });

  const submit = handleSubmit(async (values) => {
    setFailure(undefined);
    try {
      const account = await create.mutateAsync(values);
      notifySuccess(`${account.full_name} can log in as ${account.user_name} now.`);
      onDone();
    } catch (error) {
      setFailure(applyServerErrors(error, setError, FIELDS));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="New staff member">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextField control={control} name="first_name" label="First name" withAsterisk data-autofocus />
          <TextField control={control} name="last_name" label="Last name" withAsterisk />
          <TextField control={control} name="user_name" label="User name" withAsterisk autoComplete="off" />
          <TextField control={control} name="email" label="E-mail" type="email" withAsterisk />
        </SimpleGrid>
        <PasswordField
          control={control}
          name="password"
          label="First password"
          description="Hand it over; they can change it on their profile."
          autoComplete="new-password"
          withAsterisk
        />
        <Checkbox.Group
          label="Roles"
          value={roles.field.value}
          onChange={(values) => roles.field.onChange(STAFF_ROLES.filter((role) => values.includes(role)))}
          error={roles.fieldState.error?.message}
          withAsterisk
        >
          <Group mt={6}>
            <Checkbox value="POS" label="POS (register)" />
            <Checkbox value="ADMIN" label="Admin (back office)" />
          </Group>
        </Checkbox.Group>
        <Text size="xs" c="dimmed">
          Every staff member can also shop as a client.
        </Text>
        <FormActions
          failure={failure}
          onCancel={onDone}
          submitLabel="Create the account"
          loading={create.isPending}
        />
      </Stack>
    </form>
  );
}
