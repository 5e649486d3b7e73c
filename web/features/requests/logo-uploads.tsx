import {
  ActionIcon,
  Badge,
  Button,
  Card,
  FileButton,
  Group,
  Image,
  Progress,
  Stack,
  Text,
  ThemeIcon,
  Tooltip,
} from '@mantine/core';
import { LOGOS_MAX, UPLOAD_ACCEPT, UPLOAD_MAX_LABEL } from '../../../domain/requests.ts';
import type { LogoItem, UploadState } from './use-logo-uploads.ts';

const STATE_LABEL: Record<UploadState, string> = {
  ready: 'Ready',
  uploading: 'Uploading',
  success: 'Success',
  cancelled: 'Cancelled',
  error: 'Error',
};

const STATE_COLOR: Record<UploadState, string> = {
  ready: 'gray',
  uploading: 'blue',
  success: 'green',
  cancelled: 'yellow',
  error: 'red',
};

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

interface LogoUploadsProps {
  items: readonly LogoItem[];
  onAdd: (files: File[]) => void;
  onCancel: (id: number) => void;
  onRemove: (id: number) => void;
  /** While the form is being sent, the list cannot change (a cancel still can). */
  busy: boolean;
}

function CloseIcon() {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M18 6L6 18M6 6l12 12" />
    </svg>
  );
}

function FileIcon() {
  return (
    <svg
      width="22"
      height="22"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      aria-hidden="true"
    >
      <path d="M14 3v4a1 1 0 0 0 1 1h4" />
      <path d="M17 21H7a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h7l5 5v11a2 2 0 0 1-2 2z" />
    </svg>
  );
}

function LogoRow({
  item,
  onCancel,
  onRemove,
  busy,
}: { item: LogoItem } & Omit<LogoUploadsProps, 'items' | 'onAdd'>) {
  const canCancel = item.state === 'ready' || item.state === 'uploading';
  const canRemove = !busy && item.state !== 'uploading';
  return (
    <Card withBorder radius="md" padding="sm" component="li" aria-label={`Logo ${item.file.name}`}>
      <Group wrap="nowrap" align="center" gap="sm">
        {item.preview ? (
          <Image src={item.preview} alt="" w={48} h={48} fit="contain" radius="sm" bg="gray.0" />
        ) : (
          <ThemeIcon size={48} radius="sm" variant="light" color={item.state === 'error' ? 'red' : 'gray'}>
            <FileIcon />
          </ThemeIcon>
        )}
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs" wrap="nowrap" justify="space-between">
            <Text size="sm" fw={600} truncate="end" title={item.file.name}>
              {item.file.name}
            </Text>
            <Badge color={STATE_COLOR[item.state]} variant="light" style={{ flexShrink: 0 }}>
              {STATE_LABEL[item.state]}
            </Badge>
          </Group>
          <Progress
            value={item.progress}
            size="sm"
            color={STATE_COLOR[item.state]}
            animated={item.state === 'uploading'}
            aria-label={`Upload progress of ${item.file.name}`}
          />
          <Group gap="xs" justify="space-between" wrap="nowrap">
            <Text
              size="xs"
              c={item.state === 'error' ? 'red.8' : 'dimmed'}
              role={item.state === 'error' ? 'alert' : undefined}
            >
              {item.state === 'error' && item.error ? item.error : formatSize(item.file.size)}
            </Text>
            <Text size="xs" c="dimmed" aria-hidden="true">
              {item.progress}%
            </Text>
          </Group>
        </Stack>
        {canCancel ? (
          <Button size="compact-sm" variant="subtle" color="gray" onClick={() => onCancel(item.id)}>
            Cancel
          </Button>
        ) : null}
        {!canCancel && canRemove ? (
          <Tooltip label="Remove from the list">
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Remove ${item.file.name}`}
              onClick={() => onRemove(item.id)}
            >
              <CloseIcon />
            </ActionIcon>
          </Tooltip>
        ) : null}
      </Group>
    </Card>
  );
}

/** The logo files of the custom form, each with its state and progress (spec §3 "Upload item"). */
export function LogoUploads({ items, onAdd, onCancel, onRemove, busy }: LogoUploadsProps) {
  return (
    <Stack gap="sm">
      <Group gap="sm" align="center">
        <FileButton onChange={onAdd} accept={UPLOAD_ACCEPT} multiple disabled={busy}>
          {(props) => (
            <Button variant="light" {...props}>
              Add logo files
            </Button>
          )}
        </FileButton>
        <Text size="sm" c="dimmed">
          JPG, GIF, PNG or SVG, up to {UPLOAD_MAX_LABEL} each; at most {LOGOS_MAX} logos.
        </Text>
      </Group>
      {items.length > 0 ? (
        <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Logo files">
          {items.map((item) => (
            <LogoRow key={item.id} item={item} onCancel={onCancel} onRemove={onRemove} busy={busy} />
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}
