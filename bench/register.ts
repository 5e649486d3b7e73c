/** The register's sales under load: the demo cashier's cash sales, each its own Idempotency-Key. */
import { DEMO_ACCOUNTS } from '../server/db/seed/demo-data.ts';
import { logIn } from './catalogue.ts';
import type { CartProduct } from './checkout.ts';
import type { Floors } from './floors.ts';
import type { Scenario } from './load.ts';

/** More than any sale of one item costs: every sale is paid in cash, with change. */
const CASH_TENDERED = 1_000_000;

/**
 * The scenario: one item a sale (the products Add to Cart uses, in turn), the store's tax added,
 * paid in cash. The cashier's shift is opened first (cash needs one); a shift still open from an
 * earlier run on the same data is used as it is.
 */
export async function registerSaleScenario(
  base: string,
  products: readonly CartProduct[],
  floors: Floors,
): Promise<Scenario> {
  const auth = await logIn(base, DEMO_ACCOUNTS.pos);
  const opened = await fetch(`${base}/api/pos/shifts/open`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ float: 20_000 }),
  });
  if (!opened.ok && opened.status !== 409)
    throw new Error(`the cashier's shift did not open: ${opened.status} ${await opened.text()}`);
  const run = `bench-${Date.now().toString(36)}`;
  return {
    name: 'register sale (cash)',
    paths: [],
    headers: {},
    post: (index) => {
      const product = products[index % products.length];
      if (!product) throw new Error('the register has nothing to sell');
      return {
        path: '/api/pos/sales',
        headers: { ...auth, 'idempotency-key': `${run}-${index}` },
        body: {
          lines: [{ productId: product.id, size_id: product.sizeId, packageId: null, quantity: 1 }],
          addTax: true,
          tenders: [{ type: 'cash', tendered: CASH_TENDERED }],
        },
      };
    },
    floors,
  };
}
