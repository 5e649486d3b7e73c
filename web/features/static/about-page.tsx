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
import { CanadaIcon, CustomOrderIcon, FundRaisingIcon, QualityIcon } from '../../components/pillar-icons.tsx';
import { useConfig } from '../../lib/config.ts';
import { paths } from '../../lib/paths.ts';

const PILLARS: readonly { title: string; icon: ReactNode; paragraphs: readonly string[] }[] = [
  {
    title: 'Quality socks',
    icon: <QualityIcon />,
    paragraphs: [
      'We knit with combed cotton, merino wool and bamboo blends chosen for softness and for how they hold up after fifty washes, not five.',
      'Every pair has a reinforced heel and toe, a hand-linked toe seam you will not feel, and a cuff that stays up without pinching. Colours are fast: navy stays navy.',
    ],
  },
  {
    title: 'Custom orders',
    icon: <CustomOrderIcon />,
    paragraphs: [
      'Sports teams, schools, companies, weddings and clubs come to us for socks in their own colours, with their name, number or logo knitted in, never printed on.',
      'Send us your idea, we draw a proof for free, and nothing is knitted until you approve it. Custom orders start at 200 pairs per size and design.',
    ],
  },
  {
    title: 'Fund-raising',
    icon: <FundRaisingIcon />,
    paragraphs: [
      'Socks are an easy yes: everyone wears them, they cost little to ship, and a good design gets worn long after the campaign ends.',
      'We help school councils, minor hockey associations and charities design a sock, set a price that leaves a healthy margin for the cause, and deliver every pair bundled for handing out.',
    ],
  },
  {
    title: 'Designed in Canada',
    icon: <CanadaIcon />,
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
