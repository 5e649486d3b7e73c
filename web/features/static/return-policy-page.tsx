import { Anchor, Container, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useConfig } from '../../lib/config.ts';
import { paths } from '../../lib/paths.ts';

const AT_A_GLANCE: readonly { title: string; text: string }[] = [
  { title: '30 days', text: 'to return unworn socks in their packaging, for a refund or an exchange.' },
  { title: '1 year', text: 'of cover against defects: a seam that gives way is on us, worn or not.' },
  {
    title: 'Custom orders',
    text: 'are made for you and final once the proof is approved, unless they are faulty.',
  },
];

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section">
      <Title order={2} size="h3">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** The return policy linked from the footer (spec storefront §1, §2). */
export function ReturnPolicyPage() {
  const { config } = useConfig();
  const contactLink = (
    <Anchor component={Link} to={paths.contact()}>
      contact us
    </Anchor>
  );

  return (
    <Container size="md" py={{ base: 'xl', sm: 56 }}>
      <Stack gap="xl">
        <Stack gap="xs">
          <Title order={1}>Return Policy</Title>
          <Text c="dimmed">
            We want you to love your socks. If something is not right, here is how we make it right.
          </Text>
        </Stack>

        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          {AT_A_GLANCE.map((item) => (
            <Paper key={item.title} withBorder radius="lg" p="lg" bg="maple.0">
              <Text fw={800} fz={24} c="maple.8">
                {item.title}
              </Text>
              <Text size="sm">{item.text}</Text>
            </Paper>
          ))}
        </SimpleGrid>

        <Section title="Returns and exchanges">
          <Text>
            You may return or exchange socks and other items within 30 days of delivery (or of purchase in our
            store) when they are unworn, unwashed and in their original packaging, with the tags on.
          </Text>
          <List spacing={6}>
            <List.Item>
              Exchanges for another size or colour are free, once per item, while stock lasts.
            </List.Item>
            <List.Item>
              For hygiene reasons, socks that have been worn or washed cannot be returned, unless they are
              defective.
            </List.Item>
            <List.Item>Items marked final sale cannot be returned or exchanged.</List.Item>
            <List.Item>
              A gift can be exchanged, or returned for store credit, with its order number.
            </List.Item>
          </List>
        </Section>

        <Section title="Defects">
          <Text>
            If a pair has a flaw in materials or knitting, such as a seam that opens, a hole that appears at
            the heel or toe under normal wear or colours that bleed, tell us within one year of purchase. We
            replace the pair, or refund it if it can no longer be replaced, even if the socks have been worn.
            A photo is usually all we need.
          </Text>
        </Section>

        <Section title="Custom orders">
          <Text>
            Custom socks are knitted to the proof you approve, in the quantity you order, so they cannot be
            returned or exchanged for a change of mind, a different size or a different quantity. Please check
            your proof carefully: colours, spelling, sizes and quantities.
          </Text>
          <Text>
            If your custom socks differ from the approved proof or are defective, tell us within 14 days of
            delivery with photos. We will reknit the affected pairs at no charge or refund them.
          </Text>
        </Section>

        <Section title="Wrong or damaged items">
          <Text>
            If we sent the wrong item or your parcel arrived damaged, {contactLink} within 14 days of
            delivery. We pay the return shipping and send the right item as soon as it is in stock.
          </Text>
        </Section>

        <Section title="How to return">
          <List type="ordered" spacing={6}>
            <List.Item>
              Please {contactLink} (or write to{' '}
              {config.storeEmail ? (
                <Anchor href={`mailto:${config.storeEmail}`}>{config.storeEmail}</Anchor>
              ) : (
                'us'
              )}
              ) with your order number and what you would like to return.
            </List.Item>
            <List.Item>
              Bring the items to our store, or mail them to the address we give you in our reply. Unless the
              return is our mistake, return shipping is yours to pay; we suggest a tracked service.
            </List.Item>
            <List.Item>
              We check the items and e-mail you when your refund or exchange is on its way.
            </List.Item>
          </List>
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
            Our store: {config.storeName}, {config.storeAddress}
          </Text>
        </Section>

        <Section title="Refunds">
          <Text>
            Refunds go back to the card you paid with, in Canadian dollars, within 5 business days of our
            receiving the return; your bank may take a few more days to show it. The GST/HST and provincial
            taxes paid on the items are refunded with them. Shipping fees are refunded only when the return is
            due to our error or a defect.
          </Text>
        </Section>

        <Text size="sm" c="dimmed">
          This policy does not limit your rights under the consumer protection laws of your province.
        </Text>
      </Stack>
    </Container>
  );
}
