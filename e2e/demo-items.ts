import type { StockChange } from '../domain/admin/stock.ts';

/**
 * The demo items whose stock a browser test sets, buys or reads, each owned by ONE test. An item is
 * what has a stock level of its own: a product in a size, a product without sizes, or a package. A
 * test sets the stock of its items first (setStock in fixtures.ts), so two tests never race on one
 * item's stock and a retry starts from the level its test sets, whatever an earlier attempt left.
 *
 * Ids are the demo seed's (server/db/seed/demo-data.ts, created in its order; the code says which
 * item is meant). A new test that needs stock takes items nobody owns yet and adds them here; the
 * rest of the demo catalogue is only looked at, never bought or counted on for its stock.
 */
export interface DemoItem {
  /** The product; for a package, the product it belongs to. */
  readonly productId: number;
  /** A sized product's size (S 1, M 2, L 3, XL 4); null without sizes. */
  readonly size_id: number | null;
  readonly packageId: number | null;
  readonly code: string;
  /** As the item's page and the cart name it. */
  readonly name: string;
}

const SIZES = { S: 1, M: 2, L: 3, XL: 4 } as const;

function product(productId: number, code: string, name: string, size?: keyof typeof SIZES): DemoItem {
  return { productId, size_id: size ? SIZES[size] : null, packageId: null, code, name };
}

function inPackage(productId: number, packageId: number, code: string, name: string): DemoItem {
  return { productId, size_id: null, packageId, code, name };
}

export const OWNED = {
  // ------------------------------------------------------------------ checkout.spec.ts
  /** 'a client checks out two products (one sized) and a package with a test card, ...' */
  journey: {
    sock: product(3, 'MS-CRW-003', 'Maple Leaf Crew Sock - Forest Green', 'S'),
    fivePack: product(60, 'GP-BDL-002', 'Office Week Five-Pack'),
    giftBox: inPackage(57, 1, 'GP-BOX-001-RED', 'Holiday Gift Box - Red'),
  },
  /** 'a declined card shows its message, and the address form its own' */
  declinedCard: { phoneCase: product(61, 'AC-PHN-001', 'Sock Stripe Phone Case - Navy') },
  /** 'an order whose stock went to someone else meanwhile goes back to the cart ...' */
  stockGone: { samplerBox: inPackage(58, 4, 'GP-BOX-002-RED', 'Maple Sampler Box - Red') },
  /** 'a cart changed in another tab after paying sends the client back to pay again' */
  paymentReleased: { canoeNavyM: product(13, 'MS-CRW-013', 'Canoe Club Crew Sock - Navy', 'M') },
  /** 'paying for a cart emptied in another tab goes back to the cart, which says it is empty' */
  cartEmptiedElsewhere: { dressBlackM: product(14, 'MS-DRS-001', 'Bay Street Dress Sock - Black', 'M') },
  /** 'a reload at Review comes back to Review with the card paid with, and places the order' */
  reloadedAtReview: { dressNavyM: product(15, 'MS-DRS-002', 'Bay Street Dress Sock - Navy', 'M') },
  /** 'each step the checkout opens takes the keyboard focus' */
  keyboardSteps: { dressCharcoalM: product(16, 'MS-DRS-003', 'Bay Street Dress Sock - Charcoal', 'M') },
  /** 'a cart whose shipping cannot be quoted says why in the summary' */
  unquotable: { pinDotBurgundyM: product(18, 'MS-DRS-005', 'Pin Dot Dress Sock - Burgundy', 'M') },
  // ------------------------------------------------------------------ accessibility.spec.ts
  /** 'a client with an order: Your Orders, the cart and the payment step ...' */
  accessibleOrder: { pinDotNavyM: product(17, 'MS-DRS-004', 'Pin Dot Dress Sock - Navy', 'M') },
  /** 'the payment step says No key defined! when the shop has no payment key' */
  noPaymentKey: { phoneCase: product(62, 'AC-PHN-002', 'Sock Stripe Phone Case - Red') },
  // ------------------------------------------------------------------ orders-admin.spec.ts
  /** 'the owner ships an order and prints its label; the client sees the tracking number' */
  shipped: { phoneCase: product(63, 'AC-PHN-003', 'Maple Leaf Phone Case') },
  /** 'the owner refunds a line and puts it back in stock; the client's Your Orders shows it' */
  refunded: { laundryBag: product(65, 'AC-BAG-002', 'Mesh Laundry Bag for Socks') },
  // ------------------------------------------------------------------ cart.spec.ts
  /** 'the cart changes quantities, shows a stock error, removes lines ...' */
  cartChanges: {
    toque: product(66, 'AC-TOQ-001', 'Maple Sock Toque - Red'),
    giftBox: inPackage(57, 3, 'GP-BOX-001-WHITE', 'Holiday Gift Box - Snow'),
  },
  /** 'the cart badge bumps for 300 ms at the first item and 160 ms after' */
  cartBadge: { tote: product(64, 'AC-BAG-001', 'Sock Drawer Tote Bag') },
  /** 'Empty Cart asks first, then empties the cart on the server too' */
  emptyCart: {
    toque: product(67, 'AC-TOQ-002', 'Maple Sock Toque - Charcoal'),
    fivePack: inPackage(60, 9, 'GP-BDL-002-NAVY', 'Office Week Five-Pack - Navy'),
  },
  /** 'the cart summary is read-only, leads to the checkout, ...' */
  cartSummary: { toque: product(68, 'AC-TOQ-003', 'Pom-Pom Winter Toque') },
  // ------------------------------------------------------------------ checkout.spec.ts, again
  /** 'checkout is closed under the minimum purchase' */
  minimumPurchase: { sock: product(4, 'MS-CRW-004', 'Muskoka Stripe Crew Sock - Navy', 'M') },
  /** 'sees a sold-out colour marked, ...': every size of one colour at 0. */
  soldOutColour: (['S', 'M', 'L', 'XL'] as const).map((size) =>
    product(9, 'MS-CRW-009', 'Everyday Cotton Crew Sock - Heather Grey', size),
  ),
  /** 'a card that asks for 3-D Secure: failed, the message; completed, the order' */
  threeDSecure: { camelL: product(11, 'MS-CRW-011', 'Argyle Heritage Crew Sock - Camel', 'L') },
  /** 'on a phone: the order summary comes first, closed to its total, and opens' */
  phoneSummary: { sock: product(6, 'MS-CRW-006', 'Everyday Cotton Crew Sock - Black', 'L') },

  // ------------------------------------------------------------------ catalog.spec.ts
  /** 'opens a product, picks a size and a colour, and sees the stock messages' */
  stockMessages: {
    charcoalS: product(2, 'MS-CRW-002', 'Maple Leaf Crew Sock - Charcoal', 'S'),
    redS: product(1, 'MS-CRW-001', 'Maple Leaf Crew Sock - Red', 'S'),
    redXL: product(1, 'MS-CRW-001', 'Maple Leaf Crew Sock - Red', 'XL'),
  },
  /** 'opens the size a link names, and a package product on its package page' */
  sizeLink: {
    polkaDotM: product(40, 'WS-KNE-005', 'Polka Dot Knee-High - Navy', 'M'),
    polkaDotS: product(40, 'WS-KNE-005', 'Polka Dot Knee-High - Navy', 'S'),
  },
  /** 'opens a package: colours, products, stock and total' */
  packagePage: {
    earth: inPackage(59, 6, 'GP-BDL-001-OLIVE', 'Hiking Trio - Earth'),
    granite: inPackage(59, 7, 'GP-BDL-001-CHARCOAL', 'Hiking Trio - Granite'),
    officeBlack: inPackage(60, 8, 'GP-BDL-002-BLACK', 'Office Week Five-Pack - Black'),
  },
  /** 'is told why a package cannot be ordered in that quantity' */
  packageQuantity: { samplerBox: inPackage(58, 5, 'GP-BOX-002-NAVY', 'Maple Sampler Box - Navy') },

  // ------------------------------------------------------------------ pos-register.spec.ts
  /** 'a cashier opens a shift, sells for cash and by card, and closes the shift with its report' */
  register: {
    rustM: product(5, 'MS-CRW-005', 'Muskoka Stripe Crew Sock - Rust', 'M'),
    mixedFivePack: inPackage(60, 10, 'GP-BDL-002-BURGUNDY', 'Office Week Five-Pack - Mixed'),
    argyleS: product(10, 'MS-CRW-010', 'Argyle Heritage Crew Sock - Burgundy', 'S'),
  },

  /** 'a sale whose card part was paid comes back after a reload, to be finished in cash' */
  registerReloaded: { gripGreyM: product(45, 'WS-ANK-004', 'Studio Grip Sock - Grey', 'M') },

  /** 'a card payment for a sale the browser lost keeps the shift from closing until it is refunded' */
  registerLost: { gripGreyL: product(45, 'WS-ANK-004', 'Studio Grip Sock - Grey', 'L') },

  /** 'no payment is taken for a line the stock cannot give' */
  registerShort: { greenBox: inPackage(57, 2, 'GP-BOX-001-FOREST-GREEN', 'Holiday Gift Box - Green') },

  // ------------------------------------------------------------------ pos-checkout.spec.ts
  /** 'a cashier without a reader sells through Card Checkout and the hosted payment page' */
  cardCheckout: { camelM: product(11, 'MS-CRW-011', 'Argyle Heritage Crew Sock - Camel', 'M') },

  // ------------------------------------------------------------------ reconciliation.spec.ts
  /** 'the owner reconciles today: the web order's money is there, everything matches, and it is kept' */
  reconciliation: { canoeM: product(12, 'MS-CRW-012', 'Canoe Club Crew Sock - Olive', 'M') },
} as const;

// Two owners of one item would race on its stock again: refuse that as soon as the tests load.
{
  const owners = new Map<string, string>();
  for (const [test, items] of Object.entries(OWNED)) {
    for (const item of Object.values(items) as DemoItem[]) {
      const key = `${item.productId}/${item.size_id}/${item.packageId}`;
      const other = owners.get(key);
      if (other) throw new Error(`${item.code} (${key}) is owned by both ${other} and ${test}`);
      owners.set(key, test);
    }
  }
}

/** The stock line that sets an item to `instock` (PUT api/admin/stock), as a stock count would. */
export function stockAt(item: DemoItem, instock: number): StockChange {
  return {
    productId: item.productId,
    size_id: item.size_id,
    packageId: item.packageId,
    instock,
    reason: 'counted',
  };
}

/** What the item's page adds to the cart (POST api/addcart): a package is named by its own id. */
export function cartLine(item: DemoItem, quantity: number) {
  return item.packageId === null
    ? { productId: item.productId, size_id: item.size_id, quantity, isPackage: false }
    : { productId: item.packageId, size_id: null, quantity, isPackage: true };
}
