import { Alert, Button, Group } from '@mantine/core';

interface FormActionsProps {
  /** The message of a save that failed, shown above the buttons. */
  failure?: string | null | undefined;
  onCancel: () => void;
  submitLabel: string;
  loading: boolean;
  /** A submit that gives money back is red. */
  color?: string;
  disabled?: boolean;
}

/** The end of a dialog's form: what went wrong, if anything, then Cancel and the submit button. */
export function FormActions({ failure, onCancel, submitLabel, loading, color, disabled }: FormActionsProps) {
  return (
    <>
      {failure && (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={loading} disabled={disabled} {...(color ? { color } : {})}>
          {submitLabel}
        </Button>
      </Group>
    </>
  );
}
