import { zodResolver } from '@hookform/resolvers/zod';
import {
  Badge,
  Button,
  FileButton,
  Group,
  Image,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { type DefaultValues, useController, useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  type AdminPackage,
  type AdminProduct,
  itemPriceSchema,
  packageCreateSchema,
} from '../../../../domain/admin/catalogue.ts';
import { imageVariant, PLACEHOLDER_IMAGE } from '../../../../domain/images.ts';
import { formatDollars, formatMoney } from '../../../../domain/money.ts';
import { CheckboxField } from '../../../components/form/checkbox-field.tsx';
import { dollarsAsCents } from '../../../components/form/dollars.ts';
import { FormActions } from '../../../components/form/form-actions.tsx';
import { MoneyField } from '../../../components/form/number-field.tsx';
import { TextAreaField, TextField } from '../../../components/form/text-field.tsx';
import { isApiError } from '../../../lib/api.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useCreatePackage, useUpdatePackage, useUploadImage } from './catalogue.api.ts';

const packageFormSchema = packageCreateSchema.omit({ product_id: true }).extend({
  price: dollarsAsCents('Price').pipe(itemPriceSchema),
});
type PackageFormInput = z.input<typeof packageFormSchema>;
type PackageFormOutput = z.output<typeof packageFormSchema>;

/** A product of a package tab sells boxed sets: its packages, each edited on its own. */
export function ProductPackages({ product }: { product: AdminProduct }) {
  const [editing, setEditing] = useState<AdminPackage | 'new' | null>(null);
  return (
    <Paper withBorder radius="md" p="lg">
      <Group justify="space-between" mb="sm">
        <div>
          <Title order={2} size="h4">
            Packages
          </Title>
          <Text size="sm" c="dimmed">
            The boxed sets sold for this product, each in its colour; their stock is set on the stock page.
          </Text>
        </div>
        <Button variant="light" onClick={() => setEditing('new')}>
          Add a package
        </Button>
      </Group>
      {product.packages.length === 0 ? (
        <Text size="sm" c="dimmed">
          No package yet.
        </Text>
      ) : (
        <Table verticalSpacing="xs" aria-label="Packages">
          <Table.Tbody>
            {product.packages.map((set) => (
              <Table.Tr key={set.id}>
                <Table.Td w={56}>
                  <Image
                    src={imageVariant(set.icon, 'thumbnail')}
                    fallbackSrc={PLACEHOLDER_IMAGE}
                    alt=""
                    w={40}
                    h={40}
                  />
                </Table.Td>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {set.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {set.code} · {set.color || 'no colour'}
                  </Text>
                </Table.Td>
                <Table.Td>{formatMoney(set.price)}</Table.Td>
                <Table.Td>{set.instock} in stock</Table.Td>
                <Table.Td>{!set.active && <Badge color="gray">Archived</Badge>}</Table.Td>
                <Table.Td>
                  <Button size="compact-sm" variant="default" onClick={() => setEditing(set)}>
                    Edit
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'New package' : `Edit ${editing?.name ?? ''}`}
        centered
        size="lg"
      >
        {editing !== null && (
          <PackageForm
            product={product}
            current={editing === 'new' ? undefined : editing}
            onDone={() => setEditing(null)}
          />
        )}
      </Modal>
    </Paper>
  );
}

function valuesOf(set: AdminPackage | undefined): DefaultValues<PackageFormInput> {
  return {
    code: set?.code ?? '',
    name: set?.name ?? '',
    long_description: set?.long_description ?? '',
    price: set ? formatDollars(set.price) : '',
    icon: set?.icon ?? '',
    color: set?.color ?? '',
    active: set?.active ?? true,
  };
}

function PackageForm({
  product,
  current,
  onDone,
}: {
  product: AdminProduct;
  current: AdminPackage | undefined;
  onDone: () => void;
}) {
  const create = useCreatePackage();
  const update = useUpdatePackage();
  const upload = useUploadImage();
  const [failure, setFailure] = useState<string | undefined>();
  const { control, handleSubmit, setError } = useForm<PackageFormInput, unknown, PackageFormOutput>({
    resolver: zodResolver(packageFormSchema),
    defaultValues: valuesOf(current),
  });
  const icon = useController({ control, name: 'icon' });

  const choose = async (file: File | null) => {
    if (!file) return;
    try {
      icon.field.onChange((await upload.mutateAsync(file)).url);
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };

  const submit = handleSubmit(async (values) => {
    setFailure(undefined);
    try {
      if (current) await update.mutateAsync({ id: current.id, version: current.version, ...values });
      else await create.mutateAsync({ product_id: product.id, ...values });
      notifySuccess(`${values.name} is saved.`);
      onDone();
    } catch (error) {
      setFailure(
        isApiError(error) && error.code === 'version_conflict'
          ? error.message
          : applyServerErrors(error, setError, ['code', 'name', 'long_description', 'price', 'color']),
      );
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Package">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextField control={control} name="code" label="Code" withAsterisk data-autofocus />
          <TextField control={control} name="name" label="Name" withAsterisk />
          <MoneyField control={control} name="price" label="Price" withAsterisk />
          <TextField control={control} name="color" label="Colour" />
        </SimpleGrid>
        <TextAreaField
          control={control}
          name="long_description"
          label="What the box holds"
          autosize
          minRows={2}
        />
        <Group>
          <Image
            src={imageVariant(icon.field.value, 'thumbnail')}
            fallbackSrc={PLACEHOLDER_IMAGE}
            alt="The package's image"
            w={64}
            h={64}
          />
          <FileButton onChange={choose} accept="image/png,image/jpeg,image/gif,image/svg+xml">
            {(props) => (
              <Button {...props} variant="default" loading={upload.isPending}>
                {icon.field.value ? 'Change the image' : 'Add an image'}
              </Button>
            )}
          </FileButton>
        </Group>
        <CheckboxField control={control} name="active" label="Visible in the shop (off: archived)" />
        <FormActions
          failure={failure}
          onCancel={onDone}
          submitLabel="Save"
          loading={create.isPending || update.isPending}
        />
      </Stack>
    </form>
  );
}
