import type { Page } from '@playwright/test';
import type { LoginRecord } from '../domain/auth.ts';
import { cartLine, OWNED, stockAt } from './demo-items.ts';
import {
  addToCart,
  bearer,
  expect,
  futureCardExpiry,
  newClientDetails,
  openLoggedIn,
  placeOrderByApi,
  readOutbox,
  setStock,
  test,
} from './fixtures.ts';

/**
 * Checkout with the sandbox card form, thank-you and Your Orders. The journey adds through the
 * product and package pages; the other tests fill the cart through the API (POST api/addcart, what
 * those pages' buttons call) to reach their screen quickly. Each test that puts items in a cart sets
 * their stock first; the items are its own (demo-items.ts).
 */

const INVALID_FORM = 'Some required fields are not entered or some entries are not valid.';

async function chooseOption(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Saves the shipping address (in Quebec, where shipping is not free) and billing "same as shipping". */
async function saveAddresses(page: Page): Promise<void> {
  const shipping = page.getByRole('form', { name: 'Shipping address' });
  await chooseOption(page, 'Select Province/State', 'Quebec');
  await shipping.getByRole('textbox', { name: 'City' }).fill('Montréal');
  await shipping.getByRole('textbox', { name: 'Postal Code' }).fill('H2X 1Y4');
  await shipping.getByRole('button', { name: 'Continue' }).click();

  const billing = page.getByRole('form', { name: 'Billing address' });
  await expect(billing.getByRole('checkbox', { name: 'Same as shipping address' })).toBeChecked();
  await billing.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('button', { name: 'Billing Address (done)' })).toBeVisible();
}

async function payWithCard(page: Page, number: string): Promise<void> {
  const card = page.getByRole('form', { name: 'Card details' });
  await card.getByRole('textbox', { name: 'Card number' }).fill(number);
  await card.getByRole('textbox', { name: 'Expiration date' }).fill(futureCardExpiry().typed);
  await card.getByRole('textbox', { name: 'Security code' }).fill('123');
  await card.getByRole('button', { name: 'Review Order' }).click();
}

test('a client checks out two products (one sized) and a package with a test card, then finds the order', async ({
  page,
  request,
  newClient,
}) => {
  // The whole journey, from product pages to Your Orders, is long for one test on a busy machine.
  test.slow();
  const { sock, fivePack, giftBox } = OWNED.journey;
  await setStock(request, [stockAt(sock, 50), stockAt(fivePack, 20), stockAt(giftBox, 20)]);

  // A sized sock: choose the size, then the quantity (choosing a size resets it to 1).
  await openLoggedIn(page, newClient.record, `/product/2/${sock.productId}`);
  await expect(page.getByRole('heading', { name: sock.name })).toBeVisible();
  // Sizes are chips: a person clicks the size's label (the radio itself is visually hidden).
  await page.getByRole('radiogroup', { name: 'Size' }).getByText('S', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'S', exact: true })).toBeChecked();
  await page.getByRole('textbox', { name: 'Quantity' }).fill('2');
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  // The badge counts every unit and opens the cart.
  await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();

  await page.goto(`/#/product/${fivePack.productId}`);
  await expect(page.getByRole('heading', { name: fivePack.name })).toBeVisible();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByRole('link', { name: 'Cart, 3 items' })).toBeVisible();

  // Order Now on the package page adds it and opens the cart.
  await page.goto(`/#/package/${giftBox.packageId}/${giftBox.productId}`);
  await expect(page.getByRole('heading', { name: giftBox.name })).toBeVisible();
  await page.getByRole('button', { name: 'Order Now' }).click();
  await expect(page).toHaveURL(/#\/cart$/);
  await expect(page.getByRole('link', { name: 'Cart, 4 items' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your Cart' })).toBeVisible();
  await expect(page.getByRole('link', { name: sock.name })).toBeVisible();
  await expect(page.getByText('Size: S')).toBeVisible();
  await expect(page.getByRole('link', { name: fivePack.name })).toBeVisible();
  await expect(page.getByRole('link', { name: giftBox.name })).toBeVisible();
  // 2 x CDN$12.99 (CDN$14.99 less CDN$2.00) + CDN$69.99 + CDN$59.99.
  await expect(page.getByTestId('cart-subtotal')).toHaveText('CDN$155.96');
  // Over the CDN$150.00 the demo shop asks for Ontario (the client's province).
  await expect(page.getByText('Free shipping to Ontario', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Checkout' }).click();

  // The read-only summary, then the checkout.
  await expect(page.getByRole('heading', { name: 'Cart Summary' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Items in your cart' })).toContainText(giftBox.name);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();

  // Steps after the first are locked until the one before is done.
  await expect(page.getByRole('button', { name: 'Billing Address' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Review and Place Order' })).toBeDisabled();
  await expect(page.getByText('Currently, we only ship to Canada', { exact: true })).toBeVisible();
  await saveAddresses(page);

  // The summary quotes shipping for Quebec (under its free-shipping amount) and its tax.
  const summary = page.getByRole('complementary', { name: 'Order Summary' });
  await expect(summary.getByText('Estimated tax (QC 14.975%)')).toBeVisible();
  await expect(summary.getByTestId('order-total')).toHaveText(/^CDN\$\d/);

  await expect(page.getByText('TEST MODE')).toBeVisible();
  await payWithCard(page, '4242 4242 4242 4242');

  await expect(page.getByRole('button', { name: 'Payment (done)' })).toContainText('Visa ending in 4242');
  const placeOrder = page.getByRole('button', { name: 'Place Order', exact: true });
  await expect(placeOrder).toBeVisible();
  await placeOrder.click();

  await expect(page.getByRole('heading', { name: 'Thank you for your order' })).toBeVisible();
  await expect(
    page.getByText('Your order has been placed. You will receive a confirmation email shortly.'),
  ).toBeVisible();
  const numberText = await page.getByText(/^Order Number: \d+$/).textContent();
  const orderNumber = numberText?.replace('Order Number: ', '') ?? '';
  await expect(page).toHaveURL(new RegExp(`#/thankyou/${orderNumber}$`));
  // The cart is empty: no badge.
  await expect(page.getByRole('link', { name: /^Cart, / })).toHaveCount(0);

  // The confirmation e-mail waits in the outbox.
  const mails = await readOutbox(request);
  expect(mails.some((mail) => mail.to === newClient.email && mail.subject.includes(orderNumber))).toBe(true);

  // Your Orders lists it with its lines and addresses.
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Your Orders' }).click();
  const order = page.getByRole('article', { name: `Order ${orderNumber}` });
  await expect(order.getByRole('heading', { name: `Order #${orderNumber}` })).toBeVisible();
  await expect(order).toContainText(sock.name);
  await expect(order).toContainText(fivePack.name);
  await expect(order).toContainText(giftBox.name);
  await expect(order).toContainText('Montréal, QC H2X 1Y4');
});

test('a declined card shows its message, and the address form its own', async ({
  page,
  request,
  newClient,
}) => {
  // A long form journey: address errors, an empty card, a declined card, and a reload.
  test.slow();
  const { phoneCase } = OWNED.declinedCard;
  await setStock(request, [stockAt(phoneCase, 20)]);
  // Two cases (CDN$59.98) are over the minimum purchase.
  await addToCart(request, newClient.record, [cartLine(phoneCase, 2)]);
  await openLoggedIn(page, newClient.record, '/checkout');

  // An invalid address is refused with the spec's messages.
  const shipping = page.getByRole('form', { name: 'Shipping address' });
  await shipping.getByRole('textbox', { name: 'First Name' }).fill('');
  const postalCode = shipping.getByRole('textbox', { name: 'Postal Code' });
  await postalCode.fill('12345');
  // The first Continue, straight from the field being typed in, shows every message at once
  // (the field's own message does not push the button away from under the pointer).
  await shipping.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText(INVALID_FORM)).toBeVisible();
  await expect(shipping.getByText('Postal Code is invalid.')).toBeVisible();
  await expect(shipping.getByText('First Name is required.')).toBeVisible();
  await shipping.getByRole('textbox', { name: 'First Name' }).fill('Morgan');
  await expect(page.getByText(INVALID_FORM)).toBeVisible();
  await saveAddresses(page);
  await expect(page.getByText(INVALID_FORM)).toHaveCount(0);

  // An empty card form, then a declined card.
  await page
    .getByRole('form', { name: 'Card details' })
    .getByRole('button', { name: 'Review Order' })
    .click();
  await expect(page.getByText('Your card number is incomplete.')).toBeVisible();
  await payWithCard(page, '4000 0000 0000 0002');
  await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Review and Place Order' })).toBeDisabled();

  // Saved addresses open the payment step next time.
  await page.reload();
  await expect(page.getByRole('form', { name: 'Card details' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Shipping Address (done)' })).toBeVisible();
});

test('a card that asks for 3-D Secure: failed, the message; completed, the order', async ({
  page,
  request,
  newClient,
}) => {
  const { camelL } = OWNED.threeDSecure;
  await setStock(request, [stockAt(camelL, 20)]);
  // Four pairs (CDN$67.96) are over the minimum purchase.
  await addToCart(request, newClient.record, [cartLine(camelL, 4)]);
  await openLoggedIn(page, newClient.record, '/checkout');
  await saveAddresses(page);

  // The bank's window (the sandbox's test page) asks; the cardholder fails it.
  await payWithCard(page, '4000 0027 6000 3184');
  const challenge = page.getByRole('dialog', { name: 'Confirm your payment' });
  await expect(challenge).toContainText('Your bank asks you to confirm this payment.');
  await expect(challenge).toContainText(/Maple Sock Co\.: CDN\$\d/);
  await challenge.getByRole('button', { name: 'Fail authentication' }).click();
  await expect(challenge).toBeHidden();
  const refused = page
    .getByRole('alert')
    .filter({ hasText: 'We are unable to authenticate your payment method.' });
  await expect(refused).toBeVisible();
  // The message takes the keyboard's focus (the button pressed was disabled meanwhile).
  await expect(refused).toBeFocused();

  // Closing the window (Escape) fails it too, as on Stripe's.
  await payWithCard(page, '4000 0027 6000 3184');
  await expect(challenge).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(challenge).toBeHidden();
  await expect(refused).toBeFocused();
  await expect(page.getByRole('button', { name: 'Review and Place Order' })).toBeDisabled();

  // Again, completed this time: the review, then the order.
  await payWithCard(page, '4000 0027 6000 3184');
  await challenge.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(page.getByRole('button', { name: 'Payment (done)' })).toContainText('Visa ending in 3184');
  await page.getByRole('button', { name: 'Place Order', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for your order' })).toBeVisible();
  await expect(page.getByText(/^Order Number: \d+$/)).toBeVisible();
});

test('an order whose stock went to someone else meanwhile goes back to the cart with the stock error', async ({
  page,
  request,
  newClient,
}) => {
  // Three boxes (CDN$39.99 each); this client wants two.
  const { samplerBox } = OWNED.stockGone;
  await setStock(request, [stockAt(samplerBox, 3)]);
  await addToCart(request, newClient.record, [cartLine(samplerBox, 2)]);
  await openLoggedIn(page, newClient.record, '/checkout');
  await saveAddresses(page);
  await payWithCard(page, '4242 4242 4242 4242');
  const placeOrder = page.getByRole('button', { name: 'Place Order', exact: true });
  await expect(placeOrder).toBeVisible();

  // Another client buys two of the three boxes while this one reviews the order.
  const other = await request.post('/api/client', { data: newClientDetails() });
  expect(other.status()).toBe(201);
  await placeOrderByApi(request, (await other.json()) as LoginRecord, [cartLine(samplerBox, 2)]);

  // Placing fails; the cart is read again, now has an error, and the checkout returns to it.
  await placeOrder.click();
  await expect(page).toHaveURL(/#\/cart$/);
  await expect(page.getByText(`Sorry, there is not enough stock for ${samplerBox.name}.`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Checkout' })).toBeDisabled();
});

test('a cart changed in another tab after paying sends the client back to pay again', async ({
  page,
  request,
  newClient,
}) => {
  const { canoeNavyM } = OWNED.paymentReleased;
  await setStock(request, [stockAt(canoeNavyM, 20)]);
  await addToCart(request, newClient.record, [cartLine(canoeNavyM, 4)]);
  await openLoggedIn(page, newClient.record, '/checkout');
  await saveAddresses(page);
  await payWithCard(page, '4242 4242 4242 4242');
  const placeOrder = page.getByRole('button', { name: 'Place Order', exact: true });
  await expect(placeOrder).toBeVisible();

  // Another tab adds a pair: the authorization no longer pays for the cart, and is released.
  await addToCart(request, newClient.record, [cartLine(canoeNavyM, 1)]);
  await placeOrder.click();
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'Your cart changed after you paid, so the payment was released.' }),
  ).toBeVisible();
  await expect(placeOrder).toBeHidden();
  await expect(page.getByRole('button', { name: 'Payment (done)' })).toHaveCount(0);

  // Paying again pays for the cart as it is now, and places the order.
  await payWithCard(page, '4242 4242 4242 4242');
  await expect(page.getByRole('table', { name: 'Items to order' })).toContainText('5');
  await placeOrder.click();
  await expect(page.getByRole('heading', { name: 'Thank you for your order' })).toBeVisible();
});

test('paying for a cart emptied in another tab goes back to the cart, which says it is empty', async ({
  page,
  request,
  newClient,
}) => {
  const { dressBlackM } = OWNED.cartEmptiedElsewhere;
  await setStock(request, [stockAt(dressBlackM, 20)]);
  await addToCart(request, newClient.record, [cartLine(dressBlackM, 5)]);
  await openLoggedIn(page, newClient.record, '/checkout');
  await saveAddresses(page);
  await expect(page.getByRole('complementary', { name: 'Order Summary' })).toContainText(
    'Bay Street Dress Sock',
  );

  // Another tab placed the order, or emptied the cart: this tab's summary is out of date.
  const emptied = await request.post('/api/emptycart', {
    headers: bearer(newClient.record),
    data: { userId: newClient.record.client_id },
  });
  expect(emptied.status(), await emptied.text()).toBe(200);
  await payWithCard(page, '4242 4242 4242 4242');
  await expect(page).toHaveURL(/#\/cart$/);
  await expect(page.getByText('Your cart is currently empty.').first()).toBeVisible();
});

test('a reload at Review comes back to Review with the card paid with, and places the order', async ({
  page,
  request,
  newClient,
}) => {
  const { dressNavyM } = OWNED.reloadedAtReview;
  await setStock(request, [stockAt(dressNavyM, 20)]);
  await addToCart(request, newClient.record, [cartLine(dressNavyM, 5)]);
  await openLoggedIn(page, newClient.record, '/checkout');
  await saveAddresses(page);
  await payWithCard(page, '4242 4242 4242 4242');
  const placeOrder = page.getByRole('button', { name: 'Place Order', exact: true });
  await expect(placeOrder).toBeVisible();

  await page.reload();
  await expect(placeOrder).toBeVisible();
  await expect(page.getByRole('button', { name: 'Payment (done)' })).toContainText('Visa ending in 4242');
  await placeOrder.click();
  await expect(page.getByRole('heading', { name: 'Thank you for your order' })).toBeVisible();

  // The payment is used up with the order: the next checkout of this tab asks for a card again.
  await addToCart(request, newClient.record, [cartLine(dressNavyM, 5)]);
  await page.goto('/#/checkout');
  await expect(page.getByRole('form', { name: 'Card details' })).toBeVisible();
  await expect(placeOrder).toBeHidden();
});

test('each step the checkout opens takes the keyboard focus', async ({ page, request, newClient }) => {
  const { dressCharcoalM } = OWNED.keyboardSteps;
  await setStock(request, [stockAt(dressCharcoalM, 20)]);
  await addToCart(request, newClient.record, [cartLine(dressCharcoalM, 5)]);
  await openLoggedIn(page, newClient.record, '/checkout');
  const shipping = page.getByRole('form', { name: 'Shipping address' });
  await chooseOption(page, 'Select Province/State', 'Quebec');
  await shipping.getByRole('textbox', { name: 'City' }).fill('Montréal');
  await shipping.getByRole('textbox', { name: 'Postal Code' }).fill('H2X 1Y4');
  await shipping.getByRole('button', { name: 'Continue' }).press('Enter');
  await expect(page.getByRole('button', { name: 'Billing Address' })).toBeFocused();

  await page
    .getByRole('form', { name: 'Billing address' })
    .getByRole('button', { name: 'Continue' })
    .press('Enter');
  await expect(page.getByRole('button', { name: /^Payment/ })).toBeFocused();

  const card = page.getByRole('form', { name: 'Card details' });
  await card.getByRole('textbox', { name: 'Card number' }).fill('4242 4242 4242 4242');
  await card.getByRole('textbox', { name: 'Expiration date' }).fill(futureCardExpiry().typed);
  await card.getByRole('textbox', { name: 'Security code' }).fill('123');
  await card.getByRole('button', { name: 'Review Order' }).press('Enter');
  await expect(page.getByRole('button', { name: 'Review and Place Order' })).toBeFocused();

  // Edit goes away as its step opens: the step's heading takes the focus, not the page.
  await page.getByRole('button', { name: 'Edit Shipping Address' }).press('Enter');
  await expect(page.getByRole('button', { name: 'Shipping Address (done)' })).toBeFocused();
});

test('a cart whose shipping cannot be quoted says why in the summary', async ({
  page,
  request,
  newClient,
}) => {
  const { pinDotBurgundyM } = OWNED.unquotable;
  await setStock(request, [stockAt(pinDotBurgundyM, 20)]);
  await addToCart(request, newClient.record, [cartLine(pinDotBurgundyM, 5)]);
  // What the server answers for an item with no shipping box (checkout.test.ts makes one).
  await page.route('**/api/Payment/shippingfee', (route) =>
    route.fulfill({
      status: 409,
      contentType: 'application/json',
      body: JSON.stringify({
        error: {
          code: 'no_dimensions',
          message: 'Shipping cannot be calculated for this cart yet; please contact us.',
        },
      }),
    }),
  );
  await openLoggedIn(page, newClient.record, '/checkout');
  await saveAddresses(page);
  await expect(
    page
      .getByRole('complementary', { name: 'Order Summary' })
      .getByText('Shipping cannot be calculated for this cart yet; please contact us.'),
  ).toBeVisible();
});

test('the payment step says No key defined! when the shop has no payment key', async ({
  page,
  request,
  newClient,
}) => {
  // The shop's settings as a shop without a publishable key answers them.
  await page.route('**/api/config', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), publicKey: '' } });
  });
  const { phoneCase } = OWNED.noPaymentKey;
  await setStock(request, [stockAt(phoneCase, 20)]);
  await addToCart(request, newClient.record, [cartLine(phoneCase, 2)]);
  await openLoggedIn(page, newClient.record, '/checkout');
  await saveAddresses(page);
  await expect(page.getByText('No key defined!', { exact: true })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Card details' })).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the order summary comes first, closed to its total, and opens', async ({
    page,
    request,
    newClient,
  }) => {
    // Eight pairs at CDN$8.99: over the minimum purchase.
    const { sock } = OWNED.phoneSummary;
    await setStock(request, [stockAt(sock, 20)]);
    await addToCart(request, newClient.record, [cartLine(sock, 8)]);
    await openLoggedIn(page, newClient.record, '/checkout');
    const summary = page.getByRole('complementary', { name: 'Order Summary' });
    const toggle = summary.getByRole('button', { name: /Order Summary/ });
    await expect(toggle).toContainText('CDN$71.92');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(summary.getByText(`8 × ${sock.name} (L)`)).toBeHidden();
    const shipping = page.getByRole('form', { name: 'Shipping address' });
    const summaryBox = await summary.boundingBox();
    const shippingBox = await shipping.boundingBox();
    expect(summaryBox && shippingBox && summaryBox.y < shippingBox.y).toBe(true);

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(summary.getByText(`8 × ${sock.name} (L)`)).toBeVisible();
    await expect(summary.getByText('Subtotal')).toBeVisible();
  });
});

test('checkout is closed under the minimum purchase', async ({ page, request, newClient }) => {
  // One pair of socks (CDN$12.99), in stock, is under the CDN$50.00 minimum.
  const { sock } = OWNED.minimumPurchase;
  await setStock(request, [stockAt(sock, 20)]);
  await addToCart(request, newClient.record, [cartLine(sock, 1)]);
  await openLoggedIn(page, newClient.record, '/cart');
  await expect(page.getByText('The minimum purchase is CDN$50.00 before tax.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Checkout' })).toBeDisabled();
  await page.goto('/#/checkout');
  await expect(page).toHaveURL(/#\/cart$/);
});

test('the thank-you page confirms only an order of the client’s own', async ({ page, newClient }) => {
  await openLoggedIn(page, newClient.record, '/thankyou/999999');
  await expect(page.getByRole('heading', { name: 'Order not found' })).toBeVisible();
  await expect(page.getByText('There is no order 999999 among your orders.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Thank you for your order' })).toHaveCount(0);
});
