import type { Page } from '@playwright/test';
import {
  DEMO,
  expect,
  logInByApi,
  logInThroughForm,
  newClientDetails,
  openLoggedIn,
  readOutbox,
  test,
} from './fixtures.ts';

/** An 8 x 8 PNG, made here so that the test needs no file of its own. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWPYaWyKFTEMLQkAXGxIQdp9cb0AAAAASUVORK5CYII=',
  'base64',
);

async function chooseOption(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('a visitor designs custom socks with a logo (a PDF is refused) and sends the request', async ({
  page,
  request,
}) => {
  // A long journey: a form of fourteen fields and an upload.
  test.slow();
  const team = `Lakeshore Lions ${Date.now().toString(36)}`;
  await page.goto('/#/custom');
  await expect(page.getByRole('heading', { name: 'Customize My Socks' })).toBeVisible();
  await expect(page.getByText('Minimum order: 200 pairs per size and design')).toBeVisible();
  const submit = page.getByRole('button', { name: 'Submit my request' });
  await expect(submit).toBeDisabled();

  // Messages show once a field is touched.
  const quantity = page.getByRole('textbox', { name: 'Quantity' });
  await expect(quantity).toHaveValue('200');
  await quantity.fill('150');
  await quantity.blur();
  await expect(page.getByText('Quantity must be at least 200.')).toBeVisible();
  await quantity.fill('250');
  const name = page.getByRole('textbox', { name: 'Name', exact: true });
  await name.fill('Al');
  await name.blur();
  await expect(page.getByText('Name must be at least 3 characters long.')).toBeVisible();

  await name.fill(team);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('coach@lakeshorelions.ca');
  await chooseOption(page, 'Type', 'Crew');
  await chooseOption(page, 'Size', 'L — men 8–12');
  await page.getByRole('combobox', { name: 'Color', exact: true }).fill('Navy');
  await page.getByRole('radiogroup', { name: 'Stripes' }).getByText('2', { exact: true }).click();
  await page.getByRole('combobox', { name: 'Stripe color' }).fill('Gold');
  const text = page.getByRole('textbox', { name: 'Text', exact: true });
  await text.fill('GO LAKESHORE LIONS');
  await text.blur();
  await expect(page.getByText('Text cannot be more than 13 characters long.')).toBeVisible();
  await expect(submit).toBeDisabled();
  await text.fill('GO LIONS');
  await chooseOption(page, 'Text location', 'Sides');
  await chooseOption(page, 'Text alignment', 'Horizontal');

  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Add logo files' }).click();
  await (await chooser).setFiles([
    { name: 'lions-logo.png', mimeType: 'image/png', buffer: TINY_PNG },
    { name: 'brief.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 not a logo') },
  ]);
  const logos = page.getByRole('list', { name: 'Logo files' });
  const good = logos.getByRole('listitem', { name: 'Logo lions-logo.png' });
  const refused = logos.getByRole('listitem', { name: 'Logo brief.pdf' });
  await expect(good).toContainText('Ready');
  await expect(refused).toContainText('Error');
  await expect(refused).toContainText('Only image files are allowed.');
  await chooseOption(page, 'Logo location', 'Cuff');
  await page.getByRole('textbox', { name: 'Message' }).fill('For the October tournament, please.');

  await expect(submit).toBeEnabled();
  const uploaded = page.waitForResponse((response) => response.url().endsWith('/api/upload'));
  await submit.click();
  expect((await uploaded).status()).toBe(200);

  await expect(page.getByText('Your order is submitted.').first()).toBeVisible();
  // The outcome has the focus: the keyboard and a screen reader are not sent to the page's top.
  await expect(page.locator(':focus')).toContainText('Your order is submitted.');
  // The form starts over.
  await expect(name).toHaveValue('');
  await expect(quantity).toHaveValue('200');
  await expect(page.getByRole('list', { name: 'Logo files' })).toHaveCount(0);

  const mails = await readOutbox(request);
  const subjects = mails.map((mail) => `${mail.to} ${mail.subject}`);
  expect(
    subjects.some(
      (line) => line.startsWith('hello@maplesock.ca Custom sock request #') && line.endsWith(team),
    ),
  ).toBe(true);
  expect(subjects).toContain('coach@lakeshorelions.ca Your custom sock request to Maple Sock Co.');
});

test('the contact form is prefilled for a logged-in client and sends the message', async ({
  page,
  request,
}) => {
  // A client of its own, with a name no other message is from: the shop's e-mail names the sender.
  const client = newClientDetails({ first_name: 'Priya', last_name: `Natarajan ${Date.now().toString(36)}` });
  const signup = await request.post('/api/client', { data: client });
  expect(signup.status(), await signup.text()).toBe(201);
  const fullName = `${client.first_name} ${client.last_name}`;

  await page.goto('/#/login?returnUrl=%2Fcontact');
  await logInThroughForm(page, client.user_name, client.password);
  await expect(page).toHaveURL(/#\/contact$/);

  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(fullName);
  await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(client.email);
  // A long link, one unbroken word: the owner's page wraps it instead of growing past the screen.
  const link = `https://example.com/${'merinokidssizes'.repeat(50)}${Date.now().toString(36)}`;
  const message = `Do you have merino socks in kids' sizes? Like these: ${link}`;
  await page.getByRole('textbox', { name: 'Message' }).fill(message);
  await page.getByRole('button', { name: 'Send message' }).click();

  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'Thank you to contact us, we will reach you as soon as possible.' })
      .first(),
  ).toBeVisible();
  await expect(page.locator(':focus')).toContainText('Thank you to contact us');
  const mails = await readOutbox(request);
  expect(mails.some((mail) => mail.subject.endsWith(`from ${fullName}`))).toBe(true);

  // The owner finds it in Requests and opens it from anywhere on its row.
  await openLoggedIn(page, await logInByApi(request, DEMO.admin), '/admin/requests');
  await page.getByRole('textbox', { name: 'Find a request' }).fill(client.email);
  const row = page.getByRole('row').filter({ hasText: fullName });
  await expect(row).toHaveCount(1);
  // The list shows the message's beginning.
  await row.getByText(/^Do you have merino socks in kids' sizes\? Like these: https:/).click();
  await expect(page.getByRole('heading', { name: fullName, level: 1 })).toBeVisible();
  await expect(page.getByText(message)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()?.width ?? 0,
  );
});

test('a visitor must give a valid name and e-mail to contact the shop', async ({ page }) => {
  await page.goto('/#/contact');
  const send = page.getByRole('button', { name: 'Send message' });
  await expect(send).toBeDisabled();
  const email = page.getByRole('textbox', { name: 'Email', exact: true });
  await email.fill('not-an-email');
  await email.blur();
  await expect(page.getByText('Email address is invalid.')).toBeVisible();
  const name = page.getByRole('textbox', { name: 'Name', exact: true });
  await name.focus();
  await name.blur();
  await expect(page.getByText('Name is required.')).toBeVisible();
  await name.fill('Priya Natarajan');
  await email.fill('priya@example.ca');
  await expect(send).toBeEnabled();
});

test('the process page shows the five steps and leads to the custom form', async ({ page }) => {
  await page.goto('/#/process');
  const steps = page.getByRole('list', { name: 'Steps of a custom order' }).getByRole('listitem');
  await expect(steps).toHaveCount(5);
  for (const title of [
    'Send us your idea',
    'We draw your design',
    'You approve the proof',
    'We knit your socks',
    'Delivered to your door',
  ]) {
    await expect(page.getByRole('heading', { name: title, level: 2 })).toBeVisible();
    await expect(page.getByRole('img', { name: title })).toBeVisible();
  }
  const buttons = page.getByRole('link', { name: 'Customize my socks' });
  await expect(buttons).toHaveCount(2);
  await buttons.last().click();
  await expect(page).toHaveURL(/#\/custom$/);
  await expect(page.getByRole('heading', { name: 'Customize My Socks' })).toBeVisible();
});

test('About and Return Policy are reached from the footer', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'About us' }).click();
  await expect(page.getByRole('heading', { name: 'Socks with character, designed in Canada' })).toBeVisible();
  for (const pillar of ['Quality socks', 'Custom orders', 'Fund-raising', 'Designed in Canada']) {
    await expect(page.getByRole('heading', { name: pillar, exact: true })).toBeVisible();
  }
  await page.getByRole('contentinfo').getByRole('link', { name: 'Return Policy' }).first().click();
  await expect(page.getByRole('heading', { name: 'Return Policy', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Custom orders', exact: true })).toBeVisible();
  await expect(page).toHaveTitle(/Return Policy/);
});
