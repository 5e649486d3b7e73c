import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Center,
  Container,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { type Setup, type SetupStart, setupSchema } from '../../../domain/admin/setup.ts';
import type { LoginRecord } from '../../../domain/auth.ts';
import { CANADIAN_PROVINCES } from '../../../domain/provinces.ts';
import { SelectField } from '../../components/form/select-field.tsx';
import { PasswordField, TextAreaField, TextField } from '../../components/form/text-field.tsx';
import { api } from '../../lib/api.ts';
import { setLoggedClient } from '../../lib/auth-store.ts';
import { errorMessage } from '../../lib/errors.ts';
import { applyServerErrors } from '../../lib/form-errors.ts';
import { paths } from '../../lib/paths.ts';

const setupFormSchema = setupSchema.omit({ token: true });
type SetupForm = Omit<Setup, 'token'>;
const FIELDS = [
  'owner.user_name',
  'owner.first_name',
  'owner.last_name',
  'owner.email',
  'owner.password',
  'store.store_name',
  'store.seller_company_name',
  'store.store_address',
  'store.store_email',
  'store.store_phone',
  'store.store_province',
  'store.gst_hst_number',
] as const;

/** #/setup/:token: the one-time link the server printed at its first start (no admin yet). */
export function SetupPage() {
  const { token = '' } = useParams();
  const start = useQuery({
    queryKey: ['setup', token],
    queryFn: ({ signal }) => api.get<SetupStart>(`/api/setup/${encodeURIComponent(token)}`, { signal }),
    retry: false,
  });
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>Set up your shop</Title>
          <Text c="dimmed">
            Create your owner's account and enter your store's details. You can change all of it later in the
            back office.
          </Text>
        </div>
        {start.isPending ? (
          <Center py="xl">
            <Loader aria-label="Checking the setup link" />
          </Center>
        ) : start.isError ? (
          <Alert color="red" role="alert" title="This link does not work">
            {errorMessage(start.error)}
          </Alert>
        ) : (
          <SetupFormView token={token} start={start.data} />
        )}
      </Stack>
    </Container>
  );
}

function SetupFormView({ token, start }: { token: string; start: SetupStart }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | undefined>();
  const complete = useMutation({
    mutationFn: (body: Setup) => api.post<LoginRecord>('/api/setup', body),
    onSuccess: (record) => {
      setLoggedClient(record);
      return queryClient.invalidateQueries();
    },
  });
  const { control, handleSubmit, setError } = useForm<SetupForm>({
    resolver: zodResolver(setupFormSchema),
    mode: 'onTouched',
    defaultValues: {
      owner: { user_name: '', first_name: '', last_name: '', email: '', password: '' },
      store: start,
    },
  });

  const submit = handleSubmit(async (values) => {
    setFailure(undefined);
    try {
      await complete.mutateAsync({ token, ...values });
      navigate(paths.admin(), { replace: true });
    } catch (error) {
      setFailure(applyServerErrors(error, setError, FIELDS));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Shop setup">
      <Stack gap="lg">
        <Paper withBorder radius="md" p="lg">
          <Title order={2} size="h4" mb="sm">
            Your account
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextField control={control} name="owner.first_name" label="First name" withAsterisk />
            <TextField control={control} name="owner.last_name" label="Last name" withAsterisk />
            <TextField
              control={control}
              name="owner.user_name"
              label="User name"
              autoComplete="username"
              withAsterisk
            />
            <TextField control={control} name="owner.email" label="E-mail" type="email" withAsterisk />
            <PasswordField
              control={control}
              name="owner.password"
              label="Password"
              description="At least 8 characters."
              autoComplete="new-password"
              withAsterisk
            />
          </SimpleGrid>
        </Paper>
        <Paper withBorder radius="md" p="lg">
          <Title order={2} size="h4" mb="sm">
            Your store
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextField control={control} name="store.store_name" label="Store name" withAsterisk />
            <TextField control={control} name="store.seller_company_name" label="Company name" withAsterisk />
            <TextField
              control={control}
              name="store.store_email"
              label="Store email"
              type="email"
              withAsterisk
            />
            <TextField control={control} name="store.store_phone" label="Store phone" type="tel" />
            <SelectField
              control={control}
              name="store.store_province"
              label="Province"
              description="Where the store sells: the register charges its tax."
              data={CANADIAN_PROVINCES.map((province) => ({ value: province.code, label: province.name }))}
              allowDeselect={false}
              withAsterisk
            />
            <TextField
              control={control}
              name="store.gst_hst_number"
              label="GST/HST number"
              description="As the CRA gave it: 123456789 RT0001."
              withAsterisk
            />
          </SimpleGrid>
          <TextAreaField
            control={control}
            name="store.store_address"
            label="Store address"
            autosize
            minRows={2}
            mt="sm"
            withAsterisk
          />
        </Paper>
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Button type="submit" size="md" loading={complete.isPending}>
          Create my account and open the back office
        </Button>
      </Stack>
    </form>
  );
}
