import {
  Alert,
  Badge,
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { Link } from 'react-router';
import { ProductImage } from '../../components/product-image.tsx';
import { useConfig } from '../../lib/config.ts';
import { paths } from '../../lib/paths.ts';
import { useProcessSteps } from './requests.api.ts';
import classes from './requests.module.css';

function CustomizeButton({ variant = 'filled' }: { variant?: 'filled' | 'white' }) {
  return (
    <Button component={Link} to={paths.custom()} size="md" variant={variant}>
      Customize my socks
    </Button>
  );
}

function Steps() {
  const { data: steps, isPending, isError, refetch } = useProcessSteps();
  if (isPending) {
    return (
      <SimpleGrid
        cols={{ base: 1, sm: 3, md: 5 }}
        spacing="lg"
        aria-busy="true"
        aria-label="Loading the steps"
      >
        {Array.from({ length: 5 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart.
          <Skeleton key={index} h={260} radius="lg" />
        ))}
      </SimpleGrid>
    );
  }
  if (isError) {
    return (
      <Alert color="red" variant="light" title="The steps could not be loaded">
        <Group gap="sm">
          <Text size="sm">Please try again in a moment.</Text>
          <Button size="compact-sm" variant="light" onClick={() => void refetch()}>
            Try again
          </Button>
        </Group>
      </Alert>
    );
  }
  if (steps.length === 0) {
    // A new shop before its owner describes the steps (back office, Offers).
    return (
      <Alert color="gray" variant="light" title="The steps are being written">
        <Text size="sm">
          Tell us about your idea with the custom sock form: we answer with a proof and a quote, and nothing
          is knitted before you approve it.
        </Text>
      </Alert>
    );
  }
  return (
    <SimpleGrid
      component="ol"
      aria-label="Steps of a custom order"
      cols={{ base: 1, sm: 3, md: 5 }}
      spacing="lg"
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
    >
      {steps.map((step, index) => (
        <Card component="li" key={step.title} withBorder radius="lg" padding="sm" className={classes.step}>
          <div className={classes.stepImage}>
            <ProductImage icon={step.image} variant="full" alt={step.title} h="auto" fit="cover" />
          </div>
          <Stack gap={4}>
            <Badge variant="light" size="sm">
              Step {index + 1}
            </Badge>
            <Title order={2} size="h5">
              {step.title}
            </Title>
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}

/** Spec storefront §2 "Process page": the steps from the server, two buttons to the custom form. */
export function ProcessPage() {
  const { config } = useConfig();
  return (
    <Container py={{ base: 'xl', sm: 48 }}>
      <Stack gap={40}>
        <Stack gap="md" align="flex-start">
          <Title order={1}>How custom socks are made</Title>
          <Text c="dimmed" maw={720}>
            From your idea to socks at your door, step by step. You see and approve a proof before we knit a
            single pair, and we keep you posted at every step.
          </Text>
          <CustomizeButton />
        </Stack>

        <Steps />

        <Card radius="lg" padding="xl" bg="maple.8" c="white">
          <Group justify="space-between" gap="lg">
            <Stack gap={4} maw={620}>
              <Title order={2} size="h3" c="white">
                Ready to design yours?
              </Title>
              <Text>
                Custom orders start at {config.customOrderMinimum} pairs per size and design: ideal for teams,
                schools, companies and fund-raisers.
              </Text>
            </Stack>
            <CustomizeButton variant="white" />
          </Group>
        </Card>
      </Stack>
    </Container>
  );
}
