import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Loader, Modal, Paper, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { ShiftReport, ShiftSummary } from '../../../domain/pos/shifts.ts';
import { dollarsAsCents } from '../../components/form/dollars.ts';
import { MoneyField } from '../../components/form/number-field.tsx';
import { TextField } from '../../components/form/text-field.tsx';
import { formatDateTime, formatMoney } from '../../lib/format.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { useCashMovement, useCloseShift, useCurrentShift, useOpenShift } from './register.api.ts';

const openSchema = z.object({ float: dollarsAsCents('The float') });
const cashSchema = z.object({
  amount: dollarsAsCents('The amount').refine((cents) => cents > 0, 'The amount cannot be 0.'),
  reason: z
    .string()
    .trim()
    .min(1, 'Say why the cash moved.')
    .max(200, 'The reason is at most 200 characters.'),
});
const closeSchema = z.object({ counted: dollarsAsCents('The counted cash') });

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : 'The register could not be reached.';
}

/** No open shift: the float counted into the drawer opens one. */
function OpenShiftForm() {
  const open = useOpenShift();
  const {
    control,
    handleSubmit,
    formState: { isSubmitting },
  } = useForm({
    resolver: zodResolver(openSchema),
    defaultValues: { float: '' as unknown as number },
  });
  const submit = handleSubmit(async (values) => {
    try {
      await open.mutateAsync(values);
      notifySuccess('The shift is open.');
    } catch (error) {
      notifyError(errorText(error));
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Open shift">
      <Group align="flex-end" gap="sm">
        <MoneyField control={control} name="float" label="Counted float" w={180} withAsterisk />
        <Button type="submit" loading={isSubmitting}>
          Open shift
        </Button>
      </Group>
    </form>
  );
}

/** Cash put in or taken out of the drawer, with why. */
function CashMovementForm({ onDone }: { onDone: () => void }) {
  const move = useCashMovement();
  const {
    control,
    handleSubmit,
    formState: { isSubmitting },
  } = useForm({
    resolver: zodResolver(cashSchema),
    defaultValues: { amount: '' as unknown as number, reason: '' },
  });
  // The form is submitting until the server answers: its buttons are disabled at once, so a double
  // click moves the cash once (a mutation's own pending state reaches the page a moment too late).
  const submit = (sign: 1 | -1) =>
    handleSubmit(async (values) => {
      try {
        await move.mutateAsync({ amount: sign * values.amount, reason: values.reason });
        notifySuccess(sign > 0 ? 'Cash put in.' : 'Cash taken out.');
        onDone();
      } catch (error) {
        notifyError(errorText(error));
      }
    });
  return (
    // Enter chooses no direction: taking cash out recorded as put in would leave the drawer's
    // expected cash wrong by twice the amount. The cashier presses the button they mean.
    <form onSubmit={(event) => event.preventDefault()} noValidate aria-label="Cash in or out">
      <Stack gap="sm">
        <MoneyField control={control} name="amount" label="Amount" withAsterisk data-autofocus />
        <TextField control={control} name="reason" label="Reason" withAsterisk placeholder="Rolls of coins" />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={submit(-1)} loading={isSubmitting}>
            Take cash out
          </Button>
          <Button onClick={submit(1)} loading={isSubmitting}>
            Put cash in
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The close: the cash counted in the drawer; the server answers the Z report. */
function CloseShiftForm({
  shift,
  onClosed,
}: {
  shift: ShiftSummary;
  onClosed: (report: ShiftReport) => void;
}) {
  const close = useCloseShift();
  const {
    control,
    handleSubmit,
    formState: { isSubmitting },
  } = useForm({
    resolver: zodResolver(closeSchema),
    defaultValues: { counted: '' as unknown as number },
  });
  const submit = handleSubmit(async (values) => {
    let report: ShiftReport;
    try {
      report = await close.mutateAsync(values);
    } catch (error) {
      notifyError(errorText(error));
      return;
    }
    onClosed(report);
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Close shift">
      <Stack gap="sm">
        <Text size="sm">
          Count the cash in the drawer. The register expects {formatMoney(shift.expectedCash)}.
        </Text>
        <MoneyField control={control} name="counted" label="Counted cash" withAsterisk data-autofocus />
        <Group justify="flex-end">
          <Button type="submit" color="red" loading={isSubmitting}>
            Close shift
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ShiftFigure({ label, value }: { label: string; value: string }) {
  return (
    <Text size="sm">
      <Text span c="dimmed">
        {label}:
      </Text>{' '}
      <strong>{value}</strong>
    </Text>
  );
}

/**
 * The register's shift bar: open a shift with the counted float; while open, its running figures,
 * cash in and out, and the close with the counted cash (the report then shows on the page).
 */
export function ShiftBar({
  onClosed,
  unfinishedSale,
}: {
  onClosed: (report: ShiftReport) => void;
  /** Why the shift cannot close now: a sale on the register has money taken for it. */
  unfinishedSale?: string;
}) {
  const current = useCurrentShift();
  const [cashOpened, cashDialog] = useDisclosure(false);
  const [closeOpened, closeDialog] = useDisclosure(false);
  const shift = current.data;

  let body: ReactNode;
  if (current.isPending) {
    body = (
      <Group gap="xs">
        <Loader size="xs" aria-label="Loading the shift" />
        <Text size="sm">Loading the shift…</Text>
      </Group>
    );
  } else if (current.isError) {
    body = (
      <Alert color="red" variant="light" title="The shift could not be loaded">
        {errorText(current.error)}
      </Alert>
    );
  } else if (!shift) {
    body = (
      <Stack gap="xs">
        <Text size="sm" fw={600}>
          No open shift. Count the cash float into the drawer and open a shift to take cash.
        </Text>
        <OpenShiftForm />
      </Stack>
    );
  } else {
    body = (
      <Group justify="space-between" gap="sm" align="center">
        <Group gap="lg" aria-label="Shift figures" role="group">
          <Text size="sm" fw={700}>
            Shift {shift.id} open since {formatDateTime(shift.openedAt)}
          </Text>
          <ShiftFigure label="Float" value={formatMoney(shift.float)} />
          <ShiftFigure label="Cash sales" value={formatMoney(shift.cashSales)} />
          <ShiftFigure label="Cash in/out" value={formatMoney(shift.cashMovements)} />
          {shift.cashRefunds > 0 ? (
            <ShiftFigure label="Cash refunds" value={formatMoney(shift.cashRefunds)} />
          ) : null}
          <ShiftFigure label="Expected cash" value={formatMoney(shift.expectedCash)} />
          <ShiftFigure label="Sales" value={`${shift.sales} · ${formatMoney(shift.salesTotal)}`} />
        </Group>
        <Group gap="xs">
          <Button variant="default" size="xs" onClick={cashDialog.open}>
            Cash in/out
          </Button>
          <Button variant="light" color="red" size="xs" onClick={closeDialog.open}>
            Close shift
          </Button>
        </Group>
        <Modal opened={cashOpened} onClose={cashDialog.close} title="Cash in or out">
          <CashMovementForm onDone={cashDialog.close} />
        </Modal>
        <Modal opened={closeOpened} onClose={closeDialog.close} title="Close the shift">
          {unfinishedSale ? (
            <Alert color="orange" variant="light" title="Finish the sale first" role="alert">
              {unfinishedSale}
            </Alert>
          ) : (
            <CloseShiftForm
              shift={shift}
              onClosed={(report) => {
                closeDialog.close();
                onClosed(report);
              }}
            />
          )}
        </Modal>
      </Group>
    );
  }
  return (
    <Paper withBorder radius="lg" p="md" aria-label="Register shift" component="section">
      {body}
    </Paper>
  );
}
