import { Alert, type AlertProps } from '@mantine/core';

/**
 * A green notice whose title stays readable: Mantine's green title is under 4.5:1 on the green tint
 * (even its darkest green, 3.8:1), so the title takes the text colour and the tint says green.
 */
export function SuccessAlert(props: Omit<AlertProps, 'color' | 'styles'>) {
  return <Alert {...props} color="green" styles={{ title: { color: 'var(--mantine-color-text)' } }} />;
}
