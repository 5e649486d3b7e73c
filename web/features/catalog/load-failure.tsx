import { Alert, Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { PRODUCT_LOAD_ERROR } from '../../../domain/catalog-display.ts';
import { isLoggedIn, useLoggedClient } from '../../lib/auth-store.ts';
import { paths } from '../../lib/paths.ts';

/**
 * A product or package that could not be loaded (spec §8 "Product load failure"), with a way on:
 * shopping for a client, the showroom for a visitor (shopping would only ask them to log in).
 */
export function LoadFailure({ title }: { title: string }) {
  const loggedIn = isLoggedIn(useLoggedClient());
  return (
    <Alert color="red" variant="light" title={title}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{PRODUCT_LOAD_ERROR}</Text>
        <Button component={Link} to={loggedIn ? paths.phase() : paths.showroom()} variant="light" size="sm">
          {loggedIn ? 'Go shopping' : 'Visit the Showroom'}
        </Button>
      </Stack>
    </Alert>
  );
}
