import { zodResolver } from '@hookform/resolvers/zod';
import { Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { STOCK_LEVEL_MAX, STOCK_REASONS, type StockItem } from '../../../../domain/admin/stock.ts';
import { boundedWholeNumber } from '../../../../domain/validation.ts';
import { FormActions } from '../../../components/form/form-actions.tsx';
import { NumberField } from '../../../components/form/number-field.tsx';
import { SelectField } from '../../../components/form/select-field.tsx';
import { errorMessage } from '../../../lib/errors.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useChangeStock } from './stock.api.ts';

const REASON_LABELS: Record<(typeof STOCK_REASONS)[number], string> = {
  received: 'Received (a delivery)',
  counted: 'Counted (a stock count)',
  damaged: 'Damaged or lost',
  correction: 'Correction',
};

const changeFormSchema = z.discriminatedUnion('mode', [
  z.object({
    mode: z.literal('set'),
    amount: boundedWholeNumber('The new level', { min: 0, max: STOCK_LEVEL_MAX }),
    reason: z.enum(STOCK_REASONS, { error: 'Choose a reason.' }),
  }),
  z.object({
    mode: z.literal('adjust'),
    amount: boundedWholeNumber('The change', { min: -STOCK_LEVEL_MAX, max: STOCK_LEVEL_MAX }).refine(
      (amount) => amount !== 0,
      'The change cannot be 0.',
    ),
    reason: z.enum(STOCK_REASONS, { error: 'Choose a reason.' }),
  }),
]);
type ChangeForm = z.input<typeof changeFormSchema>;

export function itemLabel(item: Pick<StockItem, 'code' | 'name' | 'size_name'>): string {
  return `${item.code} ${item.name}${item.size_name ? `, size ${item.size_name}` : ''}`;
}

/** Sets or adjusts the stock of one item, with a reason (PUT api/admin/stock). */
export function StockChangeModal({ item, onClose }: { item: StockItem | null; onClose: () => void }) {
  return (
    <Modal opened={item !== null} onClose={onClose} title="Change stock" centered>
      {item && <StockChangeForm item={item} onDone={onClose} />}
    </Modal>
  );
}

function StockChangeForm({ item, onDone }: { item: StockItem; onDone: () => void }) {
  const changeStock = useChangeStock();
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, setValue } = useForm<ChangeForm>({
    resolver: zodResolver(changeFormSchema),
    defaultValues: { mode: 'adjust', reason: 'received' },
  });
  const mode = useWatch({ control, name: 'mode' });

  // The last refusal goes with the next Save, also when the form itself refuses that one.
  const clearFailure = () => setFailure(null);
  const submit = handleSubmit(async (values) => {
    clearFailure();
    const change = {
      productId: item.productId,
      size_id: item.size_id,
      packageId: item.packageId,
      reason: values.reason,
      ...(values.mode === 'set' ? { instock: values.amount } : { adjust: values.amount }),
    };
    try {
      const [level] = await changeStock.mutateAsync([change]);
      notifySuccess(
        `${item.code}${item.size_name ? ` (${item.size_name})` : ''}: ${level?.before} → ${level?.instock} in stock.`,
      );
      onDone();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  }, clearFailure);

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <div>
          <Text fw={600}>{itemLabel(item)}</Text>
          <Text size="sm" c="dimmed">
            {item.instock} in stock now
          </Text>
        </div>
        <SegmentedControl
          value={mode}
          onChange={(value) => setValue('mode', value === 'set' ? 'set' : 'adjust')}
          data={[
            { value: 'adjust', label: 'Add or remove' },
            { value: 'set', label: 'Set the level' },
          ]}
          aria-label="How to change the stock"
        />
        <NumberField
          control={control}
          name="amount"
          label={mode === 'set' ? 'New level' : 'Change (negative to remove)'}
          allowDecimal={false}
          allowNegative={mode === 'adjust'}
          data-autofocus
        />
        <SelectField
          control={control}
          name="reason"
          label="Reason"
          data={STOCK_REASONS.map((reason) => ({ value: reason, label: REASON_LABELS[reason] }))}
          allowDeselect={false}
        />
        <FormActions failure={failure} onCancel={onDone} submitLabel="Save" loading={changeStock.isPending} />
      </Stack>
    </form>
  );
}
