import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface AuthCardProps {
  title: string;
  subtitle: ReactNode;
  width: number;
  children: ReactNode;
}

/** The centered card that holds the login and sign-up forms. */
export function AuthCard({ title, subtitle, width, children }: AuthCardProps) {
  return (
    <Container py={{ base: 'xl', sm: 56 }}>
      <Stack maw={width} mx="auto" gap="lg">
        <Stack gap={4} ta="center">
          <Title order={1}>{title}</Title>
          <Text c="dimmed">{subtitle}</Text>
        </Stack>
        <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
          {children}
        </Paper>
      </Stack>
    </Container>
  );
}
