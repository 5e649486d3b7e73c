import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../lib/paths.ts';

export function NotFoundPage() {
  return (
    <Container py={80}>
      <Stack align="center" ta="center" gap="md">
        <Text fw={800} fz={72} lh={1} c="maple.8" aria-hidden="true">
          404
        </Text>
        <Title order={1}>Page not found</Title>
        <Text c="dimmed" maw={480}>
          We looked in every drawer, but this page went missing like a lonely sock.
        </Text>
        <Group justify="center">
          <Button component={Link} to={paths.home()}>
            Go to the home page
          </Button>
          <Button component={Link} to={paths.showroom()} variant="default">
            Visit the showroom
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
