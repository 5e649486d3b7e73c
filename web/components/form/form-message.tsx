import { Alert } from '@mantine/core';

/** What a form's submit gave: saved (green, a status) or not (red, an alert). */
export interface FormOutcome {
  ok: boolean;
  text: string;
}

/** The outcome under a form, once there is one. */
export function FormMessage({ message }: { message: FormOutcome | undefined }) {
  if (!message) return null;
  return (
    <Alert color={message.ok ? 'green' : 'red'} variant="light" role={message.ok ? 'status' : 'alert'}>
      {message.text}
    </Alert>
  );
}
