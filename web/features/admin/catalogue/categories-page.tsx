import {
  Alert,
  Badge,
  Button,
  Center,
  Checkbox,
  FileButton,
  Group,
  Image,
  Loader,
  Modal,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import type { AdminCategory } from '../../../../domain/admin/catalogue.ts';
import { imageVariant, PLACEHOLDER_IMAGE } from '../../../../domain/images.ts';
import { FormActions } from '../../../components/form/form-actions.tsx';
import { errorMessage } from '../../../lib/errors.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import {
  useCategoryTree,
  useCreateCategory,
  useCreateSizeType,
  useSizeTypes,
  useUpdateCategory,
  useUploadImage,
} from './catalogue.api.ts';

type Editing =
  | { kind: 'new-tab' }
  | { kind: 'new-group'; tab: AdminCategory }
  | { kind: 'edit'; category: AdminCategory };

/** #/admin/catalogue: the shopping tabs and their groups, and the sizes products come in. */
export function CategoriesPage() {
  const tree = useCategoryTree();
  const update = useUpdateCategory();
  const [editing, setEditing] = useState<Editing | null>(null);

  const toggleHidden = async (category: AdminCategory) => {
    try {
      await update.mutateAsync({ id: category.id, version: category.version, hidden: !category.hidden });
      notifySuccess(
        `${category.name} is ${category.hidden ? 'shown in the shop' : 'hidden from the shop'} now.`,
      );
    } catch (error) {
      notifyError(errorMessage(error));
    }
  };

  const row = (category: AdminCategory, isTab: boolean) => (
    <Group key={category.id} justify="space-between" wrap="nowrap" py={6} pl={isTab ? 0 : 'lg'}>
      <div>
        <Group gap="xs">
          <Text fw={isTab ? 700 : 500}>{category.name}</Text>
          {category.hidden && <Badge color="gray">Hidden</Badge>}
          {isTab && category.is_package && <Badge variant="light">Packages</Badge>}
          <Text size="xs" c="dimmed">
            #{category.sort_order} · {category.products} product{category.products === 1 ? '' : 's'}
          </Text>
        </Group>
        {isTab && category.heading && (
          <Text size="sm" c="dimmed">
            {category.heading}
          </Text>
        )}
      </div>
      <Group gap="xs" wrap="nowrap">
        <Switch
          size="sm"
          label="Shown"
          checked={!category.hidden}
          onChange={() => toggleHidden(category)}
          aria-label={`Show ${category.name} in the shop`}
        />
        <Button size="compact-sm" variant="default" onClick={() => setEditing({ kind: 'edit', category })}>
          Edit
        </Button>
      </Group>
    </Group>
  );

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            Tabs and groups
          </Title>
          <Text c="dimmed">
            The shopping tabs of the storefront, and the groups their products are listed in.
          </Text>
        </div>
        <Button onClick={() => setEditing({ kind: 'new-tab' })}>Add a tab</Button>
      </Group>
      {tree.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading the tabs" />
        </Center>
      ) : tree.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(tree.error)}
        </Alert>
      ) : tree.data.length === 0 ? (
        <Text c="dimmed">No tab yet: add the first one, then a group under it for your products.</Text>
      ) : (
        <Stack gap="sm">
          {tree.data.map((tab) => (
            <Paper key={tab.id} withBorder radius="md" p="md">
              {row(tab, true)}
              {tab.groups.map((group) => row(group, false))}
              <Button
                size="compact-sm"
                variant="subtle"
                mt="xs"
                onClick={() => setEditing({ kind: 'new-group', tab })}
                aria-label={`Add a group to ${tab.name}`}
              >
                + Add a group
              </Button>
            </Paper>
          ))}
        </Stack>
      )}
      <SizeTypesPanel />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={
          editing?.kind === 'new-tab'
            ? 'New tab'
            : editing?.kind === 'new-group'
              ? `New group in ${editing.tab.name}`
              : `Edit ${editing?.category.name ?? ''}`
        }
        centered
      >
        {editing && <CategoryForm editing={editing} onDone={() => setEditing(null)} />}
      </Modal>
    </Stack>
  );
}

function CategoryForm({ editing, onDone }: { editing: Editing; onDone: () => void }) {
  const create = useCreateCategory();
  const update = useUpdateCategory();
  const current = editing.kind === 'edit' ? editing.category : undefined;
  const isTab = editing.kind === 'new-tab' || current?.parent_id === null;
  const [name, setName] = useState(current?.name ?? '');
  const [heading, setHeading] = useState(current?.heading ?? '');
  const [order, setOrder] = useState<number | string>(current?.sort_order ?? '');
  const [sellsPackages, setSellsPackages] = useState(false);
  const [icon, setIcon] = useState(current?.icon ?? '');
  const upload = useUploadImage();
  const chooseIcon = async (file: File | null) => {
    if (!file) return;
    try {
      setIcon((await upload.mutateAsync(file)).url);
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };
  const [failure, setFailure] = useState<string | null>(null);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const sortOrder = typeof order === 'number' ? order : undefined;
    try {
      if (current) {
        await update.mutateAsync({
          id: current.id,
          version: current.version,
          name,
          ...(isTab ? { heading, icon } : {}),
          ...(sortOrder !== undefined ? { sort_order: sortOrder } : {}),
        });
      } else {
        await create.mutateAsync({
          parent_id: editing.kind === 'new-group' ? editing.tab.id : null,
          name,
          is_package: editing.kind === 'new-tab' && sellsPackages,
          ...(isTab ? { heading, icon } : {}),
          ...(sortOrder !== undefined ? { sort_order: sortOrder } : {}),
        });
      }
      notifySuccess(`${name.trim()} is saved.`);
      onDone();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };

  return (
    <form onSubmit={save} noValidate aria-label={isTab ? 'Tab' : 'Group'}>
      <Stack gap="md">
        <TextInput
          label="Name"
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          withAsterisk
          data-autofocus
        />
        {isTab && (
          <TextInput
            label="Heading"
            description="Shown over the tab's products."
            value={heading}
            onChange={(event) => setHeading(event.currentTarget.value)}
          />
        )}
        {isTab && (
          <Group>
            <Image
              src={imageVariant(icon, 'thumbnail')}
              fallbackSrc={PLACEHOLDER_IMAGE}
              alt="The tab's icon"
              w={48}
              h={48}
            />
            <FileButton onChange={chooseIcon} accept="image/png,image/jpeg,image/gif,image/svg+xml">
              {(props) => (
                <Button {...props} variant="default" loading={upload.isPending}>
                  {icon ? 'Change the icon' : 'Add an icon'}
                </Button>
              )}
            </FileButton>
          </Group>
        )}
        {editing.kind === 'new-tab' && (
          <Checkbox
            label="Sells boxed sets (packages)"
            description="Its products are sets, each sold in packages of their own."
            checked={sellsPackages}
            onChange={(event) => setSellsPackages(event.currentTarget.checked)}
          />
        )}
        <NumberInput
          label="Order"
          description="Lower comes first; empty puts a new one last."
          value={order}
          onChange={setOrder}
          min={0}
          max={10_000}
          allowDecimal={false}
        />
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

function SizeTypesPanel() {
  const sizeTypes = useSizeTypes();
  const create = useCreateSizeType();
  const [name, setName] = useState('');
  const [sizes, setSizes] = useState('');
  const [failure, setFailure] = useState<string | null>(null);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const list = sizes
      .split(',')
      .map((size) => size.trim())
      .filter(Boolean);
    try {
      await create.mutateAsync({ name, sizes: list });
      notifySuccess(`Sizes “${name.trim()}” added: ${list.join(', ')}.`);
      setName('');
      setSizes('');
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };

  return (
    <Paper withBorder radius="md" p="lg">
      <Title order={2} size="h4">
        Sizes
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        A product comes in one set of sizes (or none); its stock is kept per size.
      </Text>
      {sizeTypes.data?.length === 0 && (
        <Text size="sm" c="dimmed">
          No sizes yet.
        </Text>
      )}
      {sizeTypes.data?.map((type) => (
        <Group key={type.id} gap="xs" mb={4}>
          <Text fw={600} size="sm">
            {type.name}:
          </Text>
          {type.sizes.map((size) => (
            <Badge key={size} variant="light">
              {size}
            </Badge>
          ))}
        </Group>
      ))}
      <form onSubmit={add} noValidate aria-label="New sizes">
        <SimpleGrid cols={{ base: 1, sm: 3 }} mt="md">
          <TextInput
            label="Name"
            placeholder="Socks"
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
          />
          <TextInput
            label="Sizes, in order"
            placeholder="S, M, L"
            value={sizes}
            onChange={(event) => setSizes(event.currentTarget.value)}
          />
          <Stack justify="flex-end">
            <Button type="submit" variant="light" loading={create.isPending}>
              Add these sizes
            </Button>
          </Stack>
        </SimpleGrid>
        {failure && (
          <Alert color="red" role="alert" mt="sm">
            {failure}
          </Alert>
        )}
      </form>
    </Paper>
  );
}
