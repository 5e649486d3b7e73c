import { Text, type TextProps } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * Text someone typed (a message, a reply, an invoice's details): its line breaks kept, and a long
 * unbroken word or link wrapped anywhere, so that it cannot widen the page past the screen.
 */
export function FreeText({ children, ...props }: TextProps & { children: ReactNode }) {
  return (
    <Text size="sm" {...props} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {children}
    </Text>
  );
}
