import { Paper, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { useConfig } from '../../lib/config.ts';
import classes from './admin.module.css';
import { ADMIN_SECTIONS } from './admin-sections.ts';

/** The back office's first page: what the owner can do, a card per section. */
export function AdminHomePage() {
  const { config } = useConfig();
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          Back office
        </Title>
        <Text c="dimmed">Run {config.storeName}: its catalogue, stock, settings and staff.</Text>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {ADMIN_SECTIONS.map((section) => (
          <UnstyledButton key={section.to} component={Link} to={section.to}>
            <Paper withBorder radius="md" p="md" h="100%" className={classes.sectionCard}>
              <Text fw={700}>{section.label}</Text>
              <Text size="sm" c="dimmed">
                {section.description}
              </Text>
            </Paper>
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
