import { Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../app/paths.ts';
import { useRouteTitle } from '../../app/route-handle.ts';

/** Placeholder for the pages other areas are building: the route's title and a friendly note. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <Container py={64}>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 48 }} maw={640} mx="auto">
        <Stack align="center" ta="center" gap="md">
          <Title order={1}>{title}</Title>
          <Text c="dimmed">This page is coming soon.</Text>
          <Button component={Link} to={paths.home()} variant="light">
            Back to the home page
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}

export function ComingSoonPage() {
  return <ComingSoon title={useRouteTitle() ?? 'Coming soon'} />;
}
