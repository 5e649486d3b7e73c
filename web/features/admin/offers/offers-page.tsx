import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Badge,
  Button,
  Center,
  FileButton,
  Group,
  Image,
  Loader,
  Modal,
  Paper,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import {
  type AdminOffer,
  type OfferCreate,
  offerCreateSchema,
  type ProcessSteps,
} from '../../../../domain/admin/offers.ts';
import { imageVariant, PLACEHOLDER_IMAGE } from '../../../../domain/images.ts';
import { CheckboxField } from '../../../components/form/checkbox-field.tsx';
import { FormActions } from '../../../components/form/form-actions.tsx';
import { SelectField } from '../../../components/form/select-field.tsx';
import { TextAreaField, TextField } from '../../../components/form/text-field.tsx';
import { errorMessage } from '../../../lib/errors.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import {
  useCreateOffer,
  useOfferProduct,
  useOfferProducts,
  useOffers,
  useProcessSteps,
  useSaveProcessSteps,
  useUpdateOffer,
  useUploadStepImage,
} from './offers.api.ts';

/** #/admin/offers: the special offers, and the steps of the custom-order process page. */
export function OffersPage() {
  const offers = useOffers();
  const update = useUpdateOffer();
  const [editing, setEditing] = useState<AdminOffer | 'new' | null>(null);

  const toggle = async (offer: AdminOffer) => {
    try {
      await update.mutateAsync({ id: offer.id, active: !offer.active });
      notifySuccess(`${offer.title} is ${offer.active ? 'no longer shown' : 'shown'} in the shop.`);
    } catch (error) {
      notifyError(errorMessage(error));
    }
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            Offers and custom orders
          </Title>
          <Text c="dimmed">The special offers shoppers see, and the steps of the custom sock process.</Text>
        </div>
        <Button onClick={() => setEditing('new')}>Add an offer</Button>
      </Group>
      {offers.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading the offers" />
        </Center>
      ) : offers.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(offers.error)}
        </Alert>
      ) : offers.data.length === 0 ? (
        <Text c="dimmed">No special offer yet.</Text>
      ) : (
        <Stack gap="sm">
          {offers.data.map((offer) => (
            <Paper key={offer.id} withBorder radius="md" p="md">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <div>
                  <Group gap="xs">
                    <Text fw={700}>{offer.title}</Text>
                    {offer.product_id === null && <Badge variant="light">Shop-wide</Badge>}
                  </Group>
                  <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                    {offer.detail}
                  </Text>
                  {offer.rules && (
                    <Text size="xs" c="dimmed">
                      {offer.rules}
                    </Text>
                  )}
                </div>
                <Group gap="xs" wrap="nowrap">
                  <Switch label="Shown" checked={offer.active} onChange={() => toggle(offer)} />
                  <Button size="compact-sm" variant="default" onClick={() => setEditing(offer)}>
                    Edit
                  </Button>
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      <ProcessStepsEditor />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'New offer' : 'Edit the offer'}
        centered
        size="lg"
      >
        {editing !== null && (
          <OfferForm current={editing === 'new' ? undefined : editing} onDone={() => setEditing(null)} />
        )}
      </Modal>
    </Stack>
  );
}

/**
 * The products an offer can be about, found by code or name as the owner types (the list's first 50
 * matches: a shop's whole catalogue cannot be one list), with the one chosen kept among them.
 */
function useProductChoices(search: string, chosenId: number | null) {
  const [q] = useDebouncedValue(search.trim(), 250);
  const found = useOfferProducts(q);
  const chosen = useOfferProduct(chosenId);
  const options = new Map<string, string>();
  if (chosen.data) options.set(String(chosen.data.id), `${chosen.data.code} ${chosen.data.name}`);
  for (const product of found.data?.products ?? [])
    options.set(String(product.id), `${product.code} ${product.name}`);
  return [...options].map(([value, label]) => ({ value, label }));
}

function OfferForm({ current, onDone }: { current: AdminOffer | undefined; onDone: () => void }) {
  const create = useCreateOffer();
  const update = useUpdateOffer();
  const [failure, setFailure] = useState<string | undefined>();
  const { control, handleSubmit, setError } = useForm<OfferCreate>({
    resolver: zodResolver(offerCreateSchema),
    defaultValues: {
      product_id: current?.product_id ?? null,
      title: current?.title ?? '',
      detail: current?.detail ?? '',
      rules: current?.rules ?? '',
      active: current?.active ?? true,
    },
  });
  const [productSearch, setProductSearch] = useState('');
  const chosenProduct = useWatch({ control, name: 'product_id' });
  const productChoices = useProductChoices(productSearch, chosenProduct ?? null);
  const submit = handleSubmit(async (values) => {
    setFailure(undefined);
    try {
      if (current) await update.mutateAsync({ id: current.id, ...values });
      else await create.mutateAsync(values);
      notifySuccess(`${values.title} is saved.`);
      onDone();
    } catch (error) {
      setFailure(applyServerErrors(error, setError, ['product_id', 'title', 'detail', 'rules']));
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Offer">
      <Stack gap="md">
        <TextField control={control} name="title" label="Title" withAsterisk data-autofocus />
        <SelectField
          control={control}
          name="product_id"
          numeric
          label="Product"
          placeholder="Shop-wide"
          description="Empty: the offer is about the whole shop. Type a code or a name to find one."
          data={productChoices}
          searchable
          searchValue={productSearch}
          onSearchChange={setProductSearch}
          nothingFoundMessage="No product has that code or name."
          clearable
        />
        <TextAreaField
          control={control}
          name="detail"
          label="Detail"
          description="What shoppers read; an empty line starts a new paragraph."
          autosize
          minRows={3}
          withAsterisk
        />
        <TextField control={control} name="rules" label="Rules" placeholder="While stock lasts." />
        <CheckboxField control={control} name="active" label="Shown in the shop" />
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

/** The custom-order process page's steps: titles, images and order, saved together. */
function ProcessStepsEditor() {
  const steps = useProcessSteps();
  return (
    <Paper withBorder radius="md" p="lg">
      <Title order={2} size="h4">
        Custom-order process
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        The steps the process page shows, in order.
      </Text>
      {steps.isPending ? (
        <Loader size="sm" aria-label="Loading the steps" />
      ) : steps.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(steps.error)}
        </Alert>
      ) : (
        <StepsForm initial={steps.data} />
      )}
    </Paper>
  );
}

function StepsForm({ initial }: { initial: ProcessSteps }) {
  const save = useSaveProcessSteps();
  const upload = useUploadStepImage();
  // Each row keeps its own key while steps move, are added and removed.
  const nextKey = useRef(initial.length);
  const keyed = (steps: ProcessSteps) => steps.map((step, index) => ({ ...step, key: index }));
  const [list, setList] = useState(() => keyed(initial));
  const [failure, setFailure] = useState<string | undefined>();
  const change = (index: number, step: Partial<ProcessSteps[number]>) =>
    setList((steps) => steps.map((current, i) => (i === index ? { ...current, ...step } : current)));
  const move = (index: number, by: number) =>
    setList((steps) => {
      const next = [...steps];
      const [moved] = next.splice(index, 1);
      if (moved) next.splice(index + by, 0, moved);
      return next;
    });

  const chooseImage = async (index: number, file: File | null) => {
    if (!file) return;
    try {
      change(index, { image: (await upload.mutateAsync(file)).url });
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };
  const submit = async () => {
    setFailure(undefined);
    try {
      const saved = await save.mutateAsync(list.map(({ title, image }) => ({ title, image })));
      nextKey.current = saved.length;
      setList(keyed(saved));
      notifySuccess('The process steps are saved.');
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };

  return (
    <Stack gap="sm">
      {list.map((step, index) => (
        <Group key={step.key} wrap="nowrap" align="center">
          <Text fw={700} w={24}>
            {index + 1}
          </Text>
          <Image
            src={imageVariant(step.image, 'thumbnail')}
            fallbackSrc={PLACEHOLDER_IMAGE}
            alt=""
            w={48}
            h={48}
          />
          <TextInput
            aria-label={`Step ${index + 1} title`}
            value={step.title}
            onChange={(event) => change(index, { title: event.currentTarget.value })}
            style={{ flex: 1 }}
          />
          <FileButton
            onChange={(file) => chooseImage(index, file)}
            accept="image/png,image/jpeg,image/gif,image/svg+xml"
          >
            {(props) => (
              <Button {...props} size="compact-sm" variant="default">
                Image
              </Button>
            )}
          </FileButton>
          <Button
            size="compact-sm"
            variant="subtle"
            disabled={index === 0}
            onClick={() => move(index, -1)}
            aria-label={`Move step ${index + 1} up`}
          >
            ↑
          </Button>
          <Button
            size="compact-sm"
            variant="subtle"
            disabled={index === list.length - 1}
            onClick={() => move(index, 1)}
            aria-label={`Move step ${index + 1} down`}
          >
            ↓
          </Button>
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            disabled={list.length === 1}
            onClick={() => setList((steps) => steps.filter((_, i) => i !== index))}
            aria-label={`Remove step ${index + 1}`}
          >
            ✕
          </Button>
        </Group>
      ))}
      {failure && (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      )}
      <Group justify="space-between">
        <Button
          variant="subtle"
          disabled={list.length >= 10}
          onClick={() => {
            nextKey.current += 1;
            const key = nextKey.current;
            setList((steps) => [...steps, { title: '', image: steps.at(-1)?.image ?? '', key }]);
          }}
        >
          + Add a step
        </Button>
        <Button onClick={submit} loading={save.isPending}>
          Save the steps
        </Button>
      </Group>
    </Stack>
  );
}
