import { Anchor, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useConfig } from '../lib/config.ts';
import { telHref } from '../lib/format.ts';
import { paths } from '../lib/paths.ts';
import classes from './layout.module.css';

const COPYRIGHT_YEAR = 2024;

/** '© 2024 <store name>. All rights reserved.' without a doubled dot after a name like 'Co.'. */
function copyrightLine(storeName: string): string {
  const name = storeName.trim();
  return `© ${COPYRIGHT_YEAR} ${name}${name.endsWith('.') ? '' : '.'} All rights reserved.`;
}

export function Footer() {
  const { config } = useConfig();
  return (
    <footer className={classes.footer}>
      <Container py="xl">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl">
          <Stack gap={6}>
            <Title order={2} size="h5" c="white">
              Visit our store
            </Title>
            <Text size="sm" className={classes.footerText}>
              {config.storeName}
            </Text>
            <Text size="sm" className={classes.footerText} style={{ whiteSpace: 'pre-line' }}>
              {config.storeAddress}
            </Text>
            {config.storePhone ? (
              <Anchor href={telHref(config.storePhone)} size="sm" className={classes.footerLink}>
                {config.storePhone}
              </Anchor>
            ) : null}
          </Stack>
          <Stack gap={6}>
            <Title order={2} size="h5" c="white">
              Customer care
            </Title>
            <Anchor component={Link} to={paths.returnPolicy()} size="sm" className={classes.footerLink}>
              Return Policy
            </Anchor>
            <Anchor component={Link} to={paths.contact()} size="sm" className={classes.footerLink}>
              Contact us
            </Anchor>
            <Anchor component={Link} to={paths.about()} size="sm" className={classes.footerLink}>
              About us
            </Anchor>
          </Stack>
          <Stack gap={6}>
            <Title order={2} size="h5" c="white">
              Follow us
            </Title>
            {config.socialUrl ? (
              <Anchor
                href={config.socialUrl}
                target="_blank"
                rel="noopener noreferrer"
                size="sm"
                className={classes.footerLink}
              >
                Find us on social media
              </Anchor>
            ) : (
              <Text size="sm" className={classes.footerText}>
                News and new designs on our social page soon.
              </Text>
            )}
            {config.storeEmail ? (
              <Anchor href={`mailto:${config.storeEmail}`} size="sm" className={classes.footerLink}>
                {config.storeEmail}
              </Anchor>
            ) : null}
          </Stack>
        </SimpleGrid>
        <Group justify="space-between" mt="xl" pt="md" className={classes.footerBottom}>
          <Text size="xs" className={classes.footerText}>
            {copyrightLine(config.storeName)}
          </Text>
          <Anchor component={Link} to={paths.returnPolicy()} size="xs" className={classes.footerLink}>
            Return Policy
          </Anchor>
        </Group>
      </Container>
    </footer>
  );
}
