import {
  Badge,
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
import { Link, useLocation } from 'react-router';
import { CanadaIcon, CustomOrderIcon, FundRaisingIcon, QualityIcon } from '../../components/pillar-icons.tsx';
import { isLoggedIn, isNewAccountState, useLoggedClient } from '../../lib/auth-store.ts';
import { useConfig } from '../../lib/config.ts';
import { paths } from '../../lib/paths.ts';
import classes from './home.module.css';
import { HomeArt } from './home-art.tsx';
import { HomeProducts } from './home-products.tsx';

const FEATURES: readonly { title: string; text: string; icon: ReactNode }[] = [
  {
    title: 'Quality socks',
    text: 'Soft, durable yarns and reinforced heels and toes: socks that stay comfortable wash after wash.',
    icon: <QualityIcon />,
  },
  {
    title: 'Custom orders',
    text: 'Your colours, stripes, text and logo. We knit your design from 200 pairs per size and design.',
    icon: <CustomOrderIcon />,
  },
  {
    title: 'Fund-raising',
    text: 'Schools, teams and charities raise money with socks people love to wear and to give.',
    icon: <FundRaisingIcon />,
  },
  {
    title: 'Designed in Canada',
    text: 'Every pattern is drawn by our team in Ontario, and we ship across Canada.',
    icon: <CanadaIcon />,
  },
];

export function HomePage() {
  const client = useLoggedClient();
  const justSignedUp = isNewAccountState(useLocation().state);
  const { config } = useConfig();
  const loggedIn = isLoggedIn(client);

  return (
    <>
      <Box component="section" className={classes.hero} py={{ base: 48, sm: 80 }}>
        <Container>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48} style={{ alignItems: 'center' }}>
            <Stack gap="lg" align="flex-start">
              <Badge variant="light" size="lg" radius="sm">
                Designed in Canada
              </Badge>
              <Title order={1} className={classes.heroTitle}>
                {config.storeName}
              </Title>
              <Text size="xl" c="dark.5" maw={540}>
                Quality socks with character. Shop our collections, design{' '}
                <span className={classes.accent}>custom socks</span> for your team or brand, or raise funds
                for your cause.
              </Text>
              {loggedIn ? (
                <Text fw={600}>
                  {justSignedUp ? 'Welcome' : 'Welcome back'}, {client.first_name || client.client_full_name}!
                </Text>
              ) : null}
              <Group gap="sm">
                {loggedIn ? (
                  <>
                    <Button component={Link} to={paths.phase()} size="md">
                      Start shopping
                    </Button>
                    <Button component={Link} to={paths.dashboard()} size="md" variant="default">
                      Most popular
                    </Button>
                  </>
                ) : (
                  <Button component={Link} to={paths.showroom()} size="md">
                    Visit the Showroom
                  </Button>
                )}
                <Button
                  component={Link}
                  to={paths.custom()}
                  size="md"
                  variant={loggedIn ? 'default' : 'outline'}
                >
                  Customize Socks
                </Button>
              </Group>
            </Stack>
            <HomeArt />
          </SimpleGrid>
        </Container>
      </Box>

      <Container component="section" py={{ base: 48, sm: 72 }} aria-labelledby="why-us">
        <Stack gap={4} mb="xl" ta="center">
          <Title order={2} id="why-us">
            Why our socks?
          </Title>
          <Text c="dimmed">Made to be worn, designed to be noticed.</Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="lg">
          {FEATURES.map((feature) => (
            <Paper key={feature.title} withBorder radius="lg" p="lg" className={classes.feature}>
              <ThemeIcon size={48} radius="md" variant="light">
                {feature.icon}
              </ThemeIcon>
              <Title order={3} size="h4" mt="md" mb={6}>
                {feature.title}
              </Title>
              <Text size="sm" c="dimmed">
                {feature.text}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      </Container>

      <Box component="section" className={classes.band} py={{ base: 40, sm: 56 }}>
        <Container>
          <Group justify="space-between" gap="xl">
            <Stack gap={6} maw={620}>
              <Title order={2} c="white">
                Your design, on socks
              </Title>
              <Text c="maple.0">
                Tell us your colours, stripes, text and logo; we send you a proof before we knit. Custom
                orders start at 200 pairs per size and design.
              </Text>
            </Stack>
            <Group gap="sm">
              <Button component={Link} to={paths.custom()} size="md" variant="white">
                Customize Socks
              </Button>
              <Button
                component={Link}
                to={paths.process()}
                size="md"
                variant="outline"
                color="white"
                styles={{ root: { color: 'white', borderColor: 'white' } }}
              >
                How it works
              </Button>
            </Group>
          </Group>
        </Container>
      </Box>

      <HomeProducts />

      {loggedIn ? null : (
        <Container component="section" py={{ base: 48, sm: 64 }}>
          <Paper withBorder radius="lg" p={{ base: 'lg', sm: 40 }}>
            <Group justify="space-between" gap="lg">
              <Stack gap={6} maw={600}>
                <Title order={2}>See the full range and prices</Title>
                <Text c="dimmed">
                  Apply for an account to browse every category, see prices and stock, and order online.
                </Text>
              </Stack>
              <Group gap="sm">
                <Button component={Link} to={paths.signup()} size="md">
                  Sign up
                </Button>
                <Button component={Link} to={paths.login()} size="md" variant="default">
                  Log in
                </Button>
              </Group>
            </Group>
          </Paper>
        </Container>
      )}
    </>
  );
}
