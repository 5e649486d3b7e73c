import { Badge } from '@mantine/core';
import type { RequestStatus } from '../../../../domain/requests.ts';

export const STATUS_LABELS: Record<RequestStatus, string> = {
  new: 'New',
  in_progress: 'In progress',
  answered: 'Answered',
  closed: 'Closed',
};

const STATUS_COLORS: Record<RequestStatus, string> = {
  new: 'blue',
  in_progress: 'yellow',
  answered: 'green',
  closed: 'gray',
};

export function RequestStatusBadge({ status }: { status: RequestStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant={status === 'new' ? 'filled' : 'light'}>
      {STATUS_LABELS[status]}
    </Badge>
  );
}
