import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Anchor,
  Button,
  CloseButton,
  FileButton,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { type DefaultValues, useController, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import {
  type AdminCategoryTree,
  type AdminProduct,
  boxSchema,
  itemPriceSchema,
  PRODUCT_IMAGES_MAX,
  productCreateFieldsSchema,
  type SizeTypes,
  salePriceSchema,
  withSalePriceRule,
} from '../../../../domain/admin/catalogue.ts';
import { imageVariant } from '../../../../domain/images.ts';
import { formatDollars } from '../../../../domain/money.ts';
import { CheckboxField } from '../../../components/form/checkbox-field.tsx';
import { dollarsAsCents, optionalDollarsAsCents } from '../../../components/form/dollars.ts';
import { MoneyField, NumberField } from '../../../components/form/number-field.tsx';
import { SelectField } from '../../../components/form/select-field.tsx';
import { TextAreaField, TextField } from '../../../components/form/text-field.tsx';
import { isApiError } from '../../../lib/api.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { listPathAsLeft } from '../../../lib/list-query.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { paths } from '../../../lib/paths.ts';
import { useCreateProduct, useUpdateProduct, useUploadImage } from './catalogue.api.ts';

const productFormSchema = withSalePriceRule(
  productCreateFieldsSchema.extend({
    price: dollarsAsCents('Price').pipe(itemPriceSchema),
    sale_price: optionalDollarsAsCents('Sale price').pipe(salePriceSchema.nullable()),
    // Every product ships: the checkout's quote needs its box.
    box: boxSchema,
  }),
);
type ProductFormInput = z.input<typeof productFormSchema>;
type ProductFormOutput = z.output<typeof productFormSchema>;

const FIELDS = [
  'code',
  'name',
  'short_description',
  'long_description',
  'price',
  'sale_price',
  'category_id',
  'size_type_id',
  'family',
  'color',
  'images',
] as const;

function formValuesOf(product: AdminProduct | undefined): DefaultValues<ProductFormInput> {
  return {
    code: product?.code ?? '',
    name: product?.name ?? '',
    short_description: product?.short_description ?? '',
    long_description: product?.long_description ?? '',
    price: product ? formatDollars(product.price) : '',
    sale_price: product?.sale_price == null ? '' : formatDollars(product.sale_price),
    ...(product ? { category_id: product.category_id } : {}),
    is_new: product?.is_new ?? false,
    size_type_id: product?.size_type_id ?? null,
    family: product?.family ?? '',
    color: product?.color ?? '',
    images: product?.images ?? [],
    ...(product?.box ? { box: product.box } : {}),
    active: product?.active ?? true,
  };
}

interface ProductFormProps {
  product: AdminProduct | undefined;
  tree: AdminCategoryTree;
  sizeTypes: SizeTypes;
  /** The newest version after a 409: the form shows it. */
  onConflict: () => Promise<AdminProduct | undefined>;
}

/** A product's form: new (POST api/admin/products) or an existing one (PATCH with its version). */
export function ProductForm({ product, tree, sizeTypes, onConflict }: ProductFormProps) {
  const navigate = useNavigate();
  const create = useCreateProduct();
  const update = useUpdateProduct();
  const upload = useUploadImage();
  const [failure, setFailure] = useState<string | undefined>();
  const [version, setVersion] = useState(product?.version ?? 1);
  const { control, handleSubmit, setError, reset, formState } = useForm<
    ProductFormInput,
    unknown,
    ProductFormOutput
  >({
    resolver: zodResolver(productFormSchema),
    defaultValues: formValuesOf(product),
  });
  const images = useController({ control, name: 'images' });
  const imageList = images.field.value ?? [];

  const addImages = async (files: File[]) => {
    // Uploaded one after the other, and added together: the list of this render is the one to extend.
    const added: string[] = [];
    for (const file of files.slice(0, PRODUCT_IMAGES_MAX - imageList.length)) {
      try {
        added.push((await upload.mutateAsync(file)).url);
      } catch (error) {
        notifyError(errorMessage(error), `Could not add ${file.name}`);
      }
    }
    if (added.length > 0) images.field.onChange([...imageList, ...added]);
  };
  const moveImage = (index: number, by: number) => {
    const next = [...imageList];
    const [moved] = next.splice(index, 1);
    if (moved) next.splice(index + by, 0, moved);
    images.field.onChange(next);
  };

  const submit = handleSubmit(async (body) => {
    setFailure(undefined);
    try {
      if (product) {
        const { size_type_id: _sizes, ...change } = body;
        const saved = await update.mutateAsync({ id: product.id, version, ...change });
        setVersion(saved.version);
        reset(formValuesOf(saved));
        notifySuccess(
          saved.active
            ? `${saved.code} is saved; the shop shows it now.`
            : `${saved.code} is saved; it is archived, so the shop does not show it.`,
        );
      } else {
        const saved = await create.mutateAsync(body);
        notifySuccess(`${saved.code} is created. Set its stock on the stock page.`);
        navigate(paths.adminProduct(saved.id), { replace: true });
      }
    } catch (error) {
      if (isApiError(error) && error.code === 'version_conflict') {
        const newest = await onConflict();
        if (newest) {
          setVersion(newest.version);
          reset(formValuesOf(newest));
        }
        setFailure(error.message);
        return;
      }
      setFailure(applyServerErrors(error, setError, FIELDS));
    }
  });

  const groups = tree.flatMap((tab) =>
    tab.groups.map((group) => ({ value: String(group.id), label: `${tab.name} › ${group.name}` })),
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Product">
      <Stack gap="lg">
        <Paper withBorder radius="md" p="lg">
          <Title order={2} size="h4" mb="sm">
            The product
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextField
              control={control}
              name="code"
              label="Code"
              description="Unique, as on the label."
              withAsterisk
            />
            <TextField control={control} name="name" label="Name" withAsterisk />
            <SelectField
              control={control}
              name="category_id"
              numeric
              label="Group"
              data={groups}
              placeholder={groups.length === 0 ? 'Add a tab and a group first' : 'Choose a group'}
              withAsterisk
            />
            <SelectField
              control={control}
              name="size_type_id"
              numeric
              label="Sizes"
              description={product ? 'A product keeps its sizes.' : 'None for a product without sizes.'}
              data={sizeTypes.map((type) => ({
                value: String(type.id),
                label: `${type.name} (${type.sizes.join(', ')})`,
              }))}
              placeholder="No sizes"
              disabled={product !== undefined}
              clearable
            />
            <MoneyField control={control} name="price" label="Price" withAsterisk />
            <MoneyField
              control={control}
              name="sale_price"
              label="Sale price"
              description="Empty: not on sale."
            />
            <TextField
              control={control}
              name="family"
              label="Family"
              description="Same family: the same item in other colours."
            />
            <TextField control={control} name="color" label="Colour" />
          </SimpleGrid>
          <TextField control={control} name="short_description" label="Short description" mt="sm" />
          <TextAreaField
            control={control}
            name="long_description"
            label="Long description"
            autosize
            minRows={3}
            mt="sm"
          />
          <Group mt="md">
            <CheckboxField control={control} name="is_new" label="Marked New" />
            <CheckboxField control={control} name="active" label="Visible in the shop (off: archived)" />
          </Group>
        </Paper>

        <Paper withBorder radius="md" p="lg">
          <Group justify="space-between" mb="sm">
            <Title order={2} size="h4">
              Images
            </Title>
            <FileButton onChange={addImages} accept="image/png,image/jpeg,image/gif,image/svg+xml" multiple>
              {(props) => (
                <Button
                  {...props}
                  variant="light"
                  loading={upload.isPending}
                  disabled={imageList.length >= PRODUCT_IMAGES_MAX}
                >
                  Add images
                </Button>
              )}
            </FileButton>
          </Group>
          {imageList.length === 0 ? (
            <Text size="sm" c="dimmed">
              No image yet. The first image is the one lists show; PNG, JPEG, GIF or SVG, at most 5 MB each.
            </Text>
          ) : (
            <SimpleGrid cols={{ base: 2, sm: 4 }}>
              {imageList.map((url, index) => (
                <Paper key={url} withBorder radius="sm" p={6} pos="relative">
                  <Image src={imageVariant(url, 'extra-small')} alt={`Image ${index + 1}`} radius="sm" />
                  <CloseButton
                    pos="absolute"
                    top={8}
                    right={8}
                    aria-label={`Remove image ${index + 1}`}
                    onClick={() => images.field.onChange(imageList.filter((image) => image !== url))}
                  />
                  <Group justify="space-between" mt={4}>
                    <Text size="xs" c="dimmed">
                      {index === 0 ? 'Shown in lists' : `Image ${index + 1}`}
                    </Text>
                    <Group gap={4}>
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        disabled={index === 0}
                        onClick={() => moveImage(index, -1)}
                        aria-label={`Move image ${index + 1} earlier`}
                      >
                        ←
                      </Button>
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        disabled={index === imageList.length - 1}
                        onClick={() => moveImage(index, 1)}
                        aria-label={`Move image ${index + 1} later`}
                      >
                        →
                      </Button>
                    </Group>
                  </Group>
                </Paper>
              ))}
            </SimpleGrid>
          )}
        </Paper>

        <Paper withBorder radius="md" p="lg">
          <Title order={2} size="h4" mb="xs">
            Shipping box
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            One unit in its box: the checkout quotes shipping from it.
          </Text>
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            <NumberField
              control={control}
              name="box.length_mm"
              label="Length (mm)"
              withAsterisk
              allowDecimal={false}
              allowNegative={false}
            />
            <NumberField
              control={control}
              name="box.width_mm"
              label="Width (mm)"
              withAsterisk
              allowDecimal={false}
              allowNegative={false}
            />
            <NumberField
              control={control}
              name="box.height_mm"
              label="Height (mm)"
              withAsterisk
              allowDecimal={false}
              allowNegative={false}
            />
            <NumberField
              control={control}
              name="box.weight_g"
              label="Weight (g)"
              withAsterisk
              allowDecimal={false}
              allowNegative={false}
            />
          </SimpleGrid>
        </Paper>

        {product && (
          <Paper withBorder radius="md" p="lg">
            <Title order={2} size="h4" mb="xs">
              Stock
            </Title>
            <Text size="sm">
              {product.stock.map((line) => `${line.size_name ?? 'In stock'}: ${line.instock}`).join(' · ')}
            </Text>
            <Anchor component={Link} to={paths.adminStock()} size="sm">
              Set the stock on the stock page
            </Anchor>
            {product.siblings.length > 0 && (
              <Text size="sm" mt="xs">
                Other colours:{' '}
                {product.siblings.map((sibling, index) => (
                  <span key={sibling.id}>
                    {index > 0 && ', '}
                    <Anchor component={Link} to={paths.adminProduct(sibling.id)}>
                      {sibling.code} {sibling.color}
                    </Anchor>
                  </span>
                ))}
              </Text>
            )}
          </Paper>
        )}

        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button component={Link} to={listPathAsLeft(paths.adminProducts())} variant="default">
            Back to the products
          </Button>
          <Button
            type="submit"
            loading={create.isPending || update.isPending}
            disabled={product !== undefined && !formState.isDirty}
          >
            {product ? 'Save changes' : 'Create the product'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
