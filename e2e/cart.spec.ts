import { formatMoney } from '../domain/money.ts';
import { cartLine, OWNED, stockAt } from './demo-items.ts';
import { addToCart, bearer, expect, openLoggedIn, setStock, test } from './fixtures.ts';

/**
 * The cart and its summary: quantities, stock errors, the badge, Empty Cart. The tests fill the cart
 * through the API (POST api/addcart, what the product pages' buttons call) after setting the stock
 * of items of their own (demo-items.ts).
 */

test('the cart changes quantities, shows a stock error, removes lines and hides the badge when empty', async ({
  page,
  request,
  newClient,
}) => {
  const { toque, giftBox } = OWNED.cartChanges;
  await setStock(request, [stockAt(toque, 20), stockAt(giftBox, 24)]);
  await addToCart(request, newClient.record, [cartLine(toque, 1), cartLine(giftBox, 1)]);
  await openLoggedIn(page, newClient.record, '/cart');
  await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
  const checkout = page.getByRole('button', { name: 'Checkout' });
  await expect(checkout).toBeEnabled();

  // More boxes than the 24 in stock: the line's error, and no checkout.
  const boxes = page.getByRole('textbox', { name: `Quantity of ${giftBox.name}` });
  await boxes.fill('30');
  await boxes.press('Enter');
  await expect(page.getByText(`Sorry, there is not enough stock for ${giftBox.name}.`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart, 31 items' })).toBeVisible();
  await expect(checkout).toBeDisabled();
  await expect(
    page.getByText('Please lower the quantities marked in red before checking out.'),
  ).toBeVisible();
  // Every line's quantity box sits in one column, whatever the lines' totals and errors.
  const toques = page.getByRole('textbox', { name: `Quantity of ${toque.name}` });
  expect((await boxes.boundingBox())?.x).toBe((await toques.boundingBox())?.x);

  // Back to 1: fine again. 0 removes the line.
  await boxes.fill('1');
  await boxes.press('Enter');
  await expect(page.getByText(/not enough stock/)).toHaveCount(0);
  await expect(checkout).toBeEnabled();
  // Under the CDN$150.00 the demo shop asks for Ontario (the client's province): how much more.
  const subtotal = await page.getByTestId('cart-subtotal').textContent();
  const subtotalCents = Math.round(Number(subtotal?.replace(/[^\d.]/g, '')) * 100);
  expect(subtotalCents).toBeLessThan(15000);
  await expect(
    page.getByText(`${formatMoney(15000 - subtotalCents)} more for free shipping to Ontario`, {
      exact: true,
    }),
  ).toBeVisible();
  await boxes.fill('0');
  await boxes.press('Enter');
  await expect(page.getByRole('link', { name: giftBox.name })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();

  // Remove the last line: the empty cart, and no badge.
  await page.getByRole('button', { name: `Remove ${toque.name}` }).click();
  await expect(page.getByText('Your cart is currently empty.')).toBeVisible();
  await expect(page.getByRole('link', { name: /^Cart, / })).toHaveCount(0);

  // Checkout with an empty cart goes back to the cart.
  await page.goto('/#/checkout');
  await expect(page).toHaveURL(/#\/cart$/);
});

test('the cart badge bumps for 300 ms at the first item and 160 ms after', async ({
  page,
  request,
  newClient,
}) => {
  const { tote } = OWNED.cartBadge;
  await setStock(request, [stockAt(tote, 20)]);
  // The badge knows the cart is empty (its first answer) before anything is added.
  const cartRead = page.waitForResponse((response) => response.url().endsWith('/api/getcart'));
  await openLoggedIn(page, newClient.record, `/product/${tote.productId}`);
  await cartRead;
  await expect(page.getByRole('heading', { name: tote.name })).toBeVisible();
  // No badge while the cart is empty.
  await expect(page.getByRole('link', { name: /^Cart, / })).toHaveCount(0);
  const count = page.getByRole('link', { name: /^Cart, / }).locator('span[data-bump]');
  const duration = () => count.evaluate((element) => getComputedStyle(element).animationDuration);

  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
  await expect.poll(duration).toBe('0.3s');

  // From the keyboard: the button keeps the focus while it adds, so Enter adds again.
  const addButton = page.getByRole('button', { name: 'Add to Cart' });
  await addButton.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
  await expect.poll(duration).toBe('0.16s');
  await expect(addButton).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('link', { name: 'Cart, 3 items' })).toBeVisible();
});

test('Empty Cart asks first, then empties the cart on the server too', async ({
  page,
  request,
  newClient,
}) => {
  const { toque, fivePack } = OWNED.emptyCart;
  await setStock(request, [stockAt(toque, 20), stockAt(fivePack, 20)]);
  await addToCart(request, newClient.record, [cartLine(toque, 1), cartLine(fivePack, 1)]);
  await openLoggedIn(page, newClient.record, '/cart');
  await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();

  // Keeping the items changes nothing.
  await page.getByRole('button', { name: 'Empty Cart' }).click();
  const dialog = page.getByRole('dialog', { name: 'Empty Cart?' });
  await expect(dialog.getByRole('button', { name: 'Close', exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Keep the Items' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('link', { name: toque.name })).toBeVisible();
  await expect(page.getByRole('link', { name: fivePack.name })).toBeVisible();

  await page.getByRole('button', { name: 'Empty Cart' }).click();
  await page.getByRole('dialog', { name: 'Empty Cart?' }).getByRole('button', { name: 'Empty Cart' }).click();
  await expect(page.getByText('Your cart is currently empty.')).toBeVisible();
  await expect(page.getByRole('link', { name: /^Cart, / })).toHaveCount(0);
  const cart = await request.post('/api/getcart', {
    headers: bearer(newClient.record),
    data: { userId: newClient.record.client_id },
  });
  expect(await cart.json()).toMatchObject({ id: 0, products: [], quantity: 0 });
});

test('the cart summary is read-only, leads to the checkout, and logging out from it goes to login', async ({
  page,
  request,
  newClient,
}) => {
  const { toque } = OWNED.cartSummary;
  await setStock(request, [stockAt(toque, 20)]);
  await addToCart(request, newClient.record, [cartLine(toque, 2)]);
  await openLoggedIn(page, newClient.record, '/submit');
  await expect(page.getByRole('heading', { name: 'Cart Summary' })).toBeVisible();
  // Two toques at CDN$32.99.
  await expect(page.getByTestId('submit-subtotal')).toHaveText('CDN$65.98');
  // Nothing to change here: no quantity box, no Remove.
  const main = page.getByRole('main');
  await expect(main.getByRole('textbox')).toHaveCount(0);
  await expect(main.getByRole('button', { name: /^Remove/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Back to Cart' }).click();
  await expect(page).toHaveURL(/#\/cart$/);
  await page.goBack();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/#\/submit$/);

  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/#\/login/);
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
});
