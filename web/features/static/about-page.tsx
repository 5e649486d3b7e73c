import {
  Box,
  Button,
  Container,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useConfig } from '../../lib/config.ts';
import { paths } from '../../lib/paths.ts';

function Icon({ children }: { children: ReactNode }) {
  return (
    <svg
      width="26"
      height="26"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      {children}
    </svg>
  );
}

const PILLARS: readonly { title: string; icon: ReactNode; paragraphs: readonly string[] }[] = [
  {
    title: 'Quality socks',
    icon: (
      <Icon>
        <circle cx="12" cy="9" r="6" />
        <path d="M12 15l3.4 5.9l1.6 -3.2l3.6 .2l-3.4 -5.9" />
        <path d="M6.8 12l-3.4 5.9l3.6 -.2l1.6 3.2l3.4 -5.9" />
      </Icon>
    ),
    paragraphs: [
      'We knit with combed cotton, merino wool and bamboo blends chosen for softness and for how they hold up after fifty washes, not five.',
      'Every pair has a reinforced heel and toe, a hand-linked toe seam you will not feel, and a cuff that stays up without pinching. Colours are fast: navy stays navy.',
    ],
  },
  {
    title: 'Custom orders',
    icon: (
      <Icon>
        <path d="M4 20h4l10.5 -10.5a2.8 2.8 0 1 0 -4 -4l-10.5 10.5v4" />
        <path d="M13.5 6.5l4 4" />
      </Icon>
    ),
    paragraphs: [
      'Sports teams, schools, companies, weddings and clubs come to us for socks in their own colours, with their name, number or logo knitted in, never printed on.',
      'Send us your idea, we draw a proof for free, and nothing is knitted until you approve it. Custom orders start at 200 pairs per size and design.',
    ],
  },
  {
    title: 'Fund-raising',
    icon: (
      <Icon>
        <path d="M19.5 12.6l-7.5 7.4l-7.5 -7.4a5 5 0 1 1 7.5 -6.6a5 5 0 1 1 7.5 6.6" />
      </Icon>
    ),
    paragraphs: [
      'Socks are an easy yes: everyone wears them, they cost little to ship, and a good design gets worn long after the campaign ends.',
      'We help school councils, minor hockey associations and charities design a sock, set a price that leaves a healthy margin for the cause, and deliver every pair bundled for handing out.',
    ],
  },
  {
    title: 'Designed in Canada',
    icon: (
      <Icon>
        <path d="M5 21c.5 -4.5 2.5 -8 7 -10" />
        <path d="M9 18c6.2 0 10.5 -3.3 11 -12v-2h-4c-9 0 -12 4 -12 9c0 1 0 3 2 5h3z" />
      </Icon>
    ),
    paragraphs: [
      'Every pattern starts on a drawing table in our Ontario studio, inspired by long winters, lake weekends and the colours of a Canadian fall.',
      'We ship across Canada from our store, answer your e-mails ourselves, and price everything in Canadian dollars.',
    ],
  },
];

/** Spec storefront §2 "About": quality socks, custom orders, fund-raising, designed in Canada. */
export function AboutPage() {
  const { config } = useConfig();
  return (
    <>
      <Box bg="maple.0" py={{ base: 40, sm: 64 }}>
        <Container>
          <Stack gap="md" maw={760}>
            <Text fw={700} c="maple.8" tt="uppercase" size="sm">
              About us
            </Text>
            <Title order={1}>Socks with character, designed in Canada</Title>
            <Text size="lg">
              {config.storeName} is a small Canadian sock company. We design everyday socks you will reach for
              first, and we make custom socks for the teams, schools and businesses that want to wear their
              colours from head to toe.
            </Text>
          </Stack>
        </Container>
      </Box>

      <Container py={{ base: 40, sm: 64 }}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          {PILLARS.map((pillar) => (
            <Paper key={pillar.title} withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} component="section">
              <Group gap="md" mb="sm" wrap="nowrap">
                <ThemeIcon size={48} radius="md" variant="light">
                  {pillar.icon}
                </ThemeIcon>
                <Title order={2} size="h3">
                  {pillar.title}
                </Title>
              </Group>
              <Stack gap="sm">
                {pillar.paragraphs.map((paragraph) => (
                  <Text key={paragraph} c="dark.6">
                    {paragraph}
                  </Text>
                ))}
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>

        <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} mt="xl" component="section">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl">
            <Stack gap="xs">
              <Title order={2} size="h3">
                Come and see us
              </Title>
              <Text c="dark.6">
                Feel the yarns, try the sizes and see custom samples at our store. Our team is happy to sketch
                your idea with you on the spot.
              </Text>
              <Text fw={600} style={{ whiteSpace: 'pre-line' }}>
                {config.storeAddress}
              </Text>
            </Stack>
            <Stack gap="sm" justify="center">
              <Button component={Link} to={paths.custom()} size="md">
                Customize Socks
              </Button>
              <Button component={Link} to={paths.showroom()} size="md" variant="default">
                Visit the Showroom
              </Button>
              <Button component={Link} to={paths.contact()} size="md" variant="subtle">
                Contact us
              </Button>
            </Stack>
          </SimpleGrid>
        </Paper>
      </Container>
    </>
  );
}
