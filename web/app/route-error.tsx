import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { GENERIC_ERROR_MESSAGE } from '../lib/errors.ts';
import { logError } from '../lib/logger.ts';
import { paths } from '../lib/paths.ts';

/** A page that failed to load or render. The error goes to the server log. */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;

  useEffect(() => {
    if (!notFound) logError(error);
  }, [error, notFound]);

  return (
    <Container py={64}>
      <Stack align="center" gap="md" ta="center">
        <Title order={1}>{notFound ? 'Page not found' : 'Sorry, something went wrong'}</Title>
        <Text c="dimmed" maw={520}>
          {notFound ? 'The page you are looking for does not exist.' : GENERIC_ERROR_MESSAGE}
        </Text>
        <Group>
          {notFound ? null : <Button onClick={() => window.location.reload()}>Reload the page</Button>}
          <Button component={Link} to={paths.home()} variant="default">
            Go to the home page
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
