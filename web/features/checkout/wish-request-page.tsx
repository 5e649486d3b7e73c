import { Button, Text } from '@mantine/core';
import { Link } from 'react-router';
import { WISH_THANK_YOU_TEXT, WISH_THANK_YOU_TITLE } from '../../../domain/orders.ts';
import { paths } from '../../lib/paths.ts';
import { ConfirmationCard } from './thank-you-page.tsx';

/** The wish request confirmation (spec §2): Continue goes home. */
export function WishRequestPage() {
  return (
    <ConfirmationCard title={WISH_THANK_YOU_TITLE}>
      <Text>{WISH_THANK_YOU_TEXT}</Text>
      <Button component={Link} to={paths.home()}>
        Continue
      </Button>
    </ConfirmationCard>
  );
}
