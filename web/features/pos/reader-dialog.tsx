import { Alert, Button, Center, Group, Loader, Modal, Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { POS_MESSAGES } from '../../../domain/pos/messages.ts';
import { errorMessage } from '../../lib/errors.ts';
import { useReaderList } from './pos.api.ts';

interface ReaderDialogProps {
  opened: boolean;
  currentId: string | undefined;
  /** OK: the selected reader's id. */
  onSelect: (readerId: string) => void;
  onClose: () => void;
}

interface ReaderChoiceProps extends Omit<ReaderDialogProps, 'opened'> {
  readers: ReturnType<typeof useReaderList>;
}

/** The list and its buttons: mounted each time the dialog opens, so the choice starts at the reader in use. */
function ReaderChoice({ readers, currentId, onSelect, onClose }: ReaderChoiceProps) {
  const [selected, setSelected] = useState<string | null>(currentId ?? null);
  return (
    <Stack gap="md">
      {readers.isPending ? (
        <Center py="md">
          <Loader aria-label="Loading card readers" />
        </Center>
      ) : readers.isError ? (
        <Alert color="red" variant="light">
          {errorMessage(readers.error)}
        </Alert>
      ) : readers.data.length === 0 ? (
        <Text c="dimmed">No card readers are registered.</Text>
      ) : (
        <Radio.Group value={selected} onChange={setSelected} aria-label="Card readers">
          <Stack gap="sm">
            {readers.data.map((reader) => (
              <Radio
                key={reader.id}
                value={reader.id}
                label={reader.name}
                description={reader.status === 'online' ? 'Online' : 'Offline'}
              />
            ))}
          </Stack>
        </Radio.Group>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button
          disabled={!selected}
          onClick={() => {
            if (selected) onSelect(selected);
          }}
        >
          OK
        </Button>
      </Group>
    </Stack>
  );
}

/** The card reader dialog (spec §2): a radio list of readers by name; OK returns the id, Cancel changes nothing. */
export function ReaderDialog({ opened, currentId, onSelect, onClose }: ReaderDialogProps) {
  const readers = useReaderList(opened);
  return (
    <Modal opened={opened} onClose={onClose} title={POS_MESSAGES.readerDialogTitle} centered>
      <ReaderChoice readers={readers} currentId={currentId} onSelect={onSelect} onClose={onClose} />
    </Modal>
  );
}
