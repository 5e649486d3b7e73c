import { Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { POS_MESSAGES } from '../../../domain/pos/messages.ts';
import type { PosReader } from '../../../domain/pos/readers.ts';
import { useLoggedClient } from '../../lib/auth-store.ts';
import { useConfig } from '../../lib/config.ts';
import { notifyError } from '../../lib/notify.ts';
import { useReader, useUpdateUserReader, useUserReader } from './pos.api.ts';
import classes from './pos.module.css';
import { ReaderDialog } from './reader-dialog.tsx';
import { type ReaderState, readerCallErrorText, readerState } from './reader-rules.ts';

/**
 * The staff member's own card reader (spec §3 Card-reader assignment): which one it is, its
 * status (polled every second while `poll` says an action of ours is in progress) and the
 * dialog to change it.
 */
export function useCardReader(poll: (reader: PosReader | undefined) => boolean) {
  const client = useLoggedClient();
  const userId = client?.client_id ?? 0;
  const userReader = useUserReader(userId);
  const readerId = userReader.data?.id;
  const reader = useReader(readerId, poll);
  const update = useUpdateUserReader(userId);
  const loading = userReader.isPending || (Boolean(readerId) && reader.isPending);
  const state = readerState(readerId, reader.data, loading, reader.error ?? userReader.error);
  return {
    userId,
    readerId,
    name: reader.data?.name ?? userReader.data?.name,
    reader,
    state,
    update,
  };
}

export type CardReader = ReturnType<typeof useCardReader>;

const STATE_TEXT: Record<Exclude<ReaderState, 'loading'>, string> = {
  online: 'present, online',
  offline: 'present, offline',
  'not-present': 'not present',
  none: 'not present (no card reader selected)',
};

/** The status line (spec §2): present or not, online or offline, or a spinner while loading. */
export function ReaderStatusLine({ cardReader }: { cardReader: CardReader }) {
  const { state, name } = cardReader;
  if (state === 'loading') {
    return (
      <Group gap="xs" aria-live="polite">
        <Loader size="xs" aria-label="Checking the card reader" />
        <Text size="sm" c="dimmed">
          Checking the card reader…
        </Text>
      </Group>
    );
  }
  return (
    <Group gap="xs" wrap="nowrap" aria-live="polite">
      <span className={classes.statusDot} data-state={state} aria-hidden="true" />
      <Text size="sm">
        Card reader{name ? ` ${name}` : ''}: <strong>{STATE_TEXT[state]}</strong>
      </Text>
    </Group>
  );
}

/** The reader link (spec §2): the reader's name, or 'Please select your card reader'; opens the dialog. */
export function ReaderLink({ cardReader, disabled }: { cardReader: CardReader; disabled?: boolean }) {
  const [opened, dialog] = useDisclosure(false);
  const { readerId, name, update, reader } = cardReader;

  const select = (id: string) => {
    dialog.close();
    if (id === readerId) return;
    update.mutate(id, {
      onSuccess: () => void reader.refetch(),
      onError: (error) => notifyError(readerCallErrorText(error)),
    });
  };

  return (
    <>
      <Group gap={6}>
        <Text size="sm" c="dimmed">
          Card Reader:
        </Text>
        <Anchor
          component="button"
          type="button"
          size="sm"
          fw={600}
          onClick={dialog.open}
          disabled={disabled || update.isPending}
          aria-label={`Card Reader: ${readerId && name ? name : POS_MESSAGES.selectReader}`}
          aria-haspopup="dialog"
        >
          {readerId && name ? name : POS_MESSAGES.selectReader}
        </Anchor>
        {update.isPending ? <Loader size="xs" aria-label="Saving the card reader" /> : null}
      </Group>
      <ReaderDialog opened={opened} currentId={readerId} onSelect={select} onClose={dialog.close} />
    </>
  );
}

/** The animated message while the reader waits for a card (spec §2). */
function WaitingMessage({ children }: { children: ReactNode }) {
  return (
    <Group gap="sm" role="status" aria-live="polite" wrap="nowrap" align="center">
      <Loader size="sm" type="dots" style={{ flexShrink: 0 }} />
      <Text fw={700} size="lg" c="maple.8" className={classes.waiting}>
        {children}
      </Text>
    </Group>
  );
}

/** Under the waiting message while a reader status call fails: the page keeps asking. */
function ReaderRetryNote() {
  return (
    <Text size="sm" c="dimmed" role="status">
      The card reader cannot be reached right now; checking again every second…
    </Text>
  );
}

interface ReaderWaitingProps {
  /** The flow whose action the reader works on: its reader, and the simulate call. */
  flow: { cardReader: CardReader; simulate: (interac: boolean) => void; simulating: boolean };
  /** The simulate buttons (test mode only): their labels and whether the card is Interac. */
  simulations: readonly { label: string; interac: boolean }[];
  /** The prompt. */
  children: ReactNode;
}

/**
 * While the reader waits for a card (spec §2 payment, §4 Interac refund): the animated prompt, a
 * note while its status calls do not get through, and in test mode the simulate buttons.
 */
export function ReaderWaiting({ flow, simulations, children }: ReaderWaitingProps) {
  const { config } = useConfig();
  return (
    <Stack gap="sm">
      <WaitingMessage>{children}</WaitingMessage>
      {flow.cardReader.reader.isError ? <ReaderRetryNote /> : null}
      {config.testMode ? (
        <Group gap="sm">
          {simulations.map(({ label, interac }) => (
            <Button
              key={label}
              variant="light"
              color="teal"
              onClick={() => flow.simulate(interac)}
              loading={flow.simulating}
            >
              {label}
            </Button>
          ))}
        </Group>
      ) : null}
    </Stack>
  );
}
