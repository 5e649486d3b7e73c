import type { Database, DbOrTx } from '../../../db/database.ts';
import { sandboxPrices, sandboxProducts, sandboxReaders } from '../../../db/schema.ts';
import { STORE_CURRENCY } from '../gateway.ts';

/** The simulated readers: two online, one offline, as Stripe's simulated WisePOS E. */
export const SANDBOX_READERS = [
  { id: 'tmr_SbxFrontCounter01', label: 'Front Counter WisePOS E', status: 'online', serial: 'SBX-WPE-0001' },
  { id: 'tmr_SbxBackOffice02', label: 'Back Office Reader', status: 'offline', serial: 'SBX-WPE-0002' },
  { id: 'tmr_SbxPopUpStand03', label: 'Pop-up Stand Reader', status: 'online', serial: 'SBX-WPE-0003' },
] as const;

/** The POS card checkout's catalogue (pos.md: 'Novelty Socks' and 'iPhone Case' are the spec's own). */
export const SANDBOX_PRODUCTS = [
  {
    id: 'prod_SbxNoveltySocks',
    name: 'Novelty Socks',
    prices: [{ id: 'price_SbxNovelty1299', amount: 1299 }],
  },
  {
    id: 'prod_SbxWoolHikingSocks',
    name: 'Wool Hiking Socks',
    prices: [
      { id: 'price_SbxWoolHiking2499', amount: 2499 },
      { id: 'price_SbxWoolHiking2999', amount: 2999 },
    ],
  },
  {
    id: 'prod_SbxIphoneCase',
    name: 'iPhone Case',
    prices: [{ id: 'price_SbxIphoneCase1999', amount: 1999 }],
  },
  { id: 'prod_SbxGiftBox', name: 'Gift Box', prices: [{ id: 'price_SbxGiftBox4500', amount: 4500 }] },
] as const;

/**
 * The demo's simulated readers (the demo data writes them, server/db/seed): a new shop has none, as a
 * new Stripe account has none, until the owner registers one (back office, Card readers). Fixed ids:
 * inserting them twice changes nothing.
 */
export async function seedSimulatedReaders(db: DbOrTx): Promise<void> {
  await db
    .insert(sandboxReaders)
    .values(
      SANDBOX_READERS.map((reader) => ({
        id: reader.id,
        label: reader.label,
        deviceType: 'simulated_wisepos_e',
        serialNumber: reader.serial,
        status: reader.status,
      })),
    )
    .onConflictDoNothing();
}

/** The card checkout's products and prices, with fixed ids: inserting them twice changes nothing. */
export async function seed(db: Database): Promise<void> {
  await db
    .insert(sandboxProducts)
    .values(SANDBOX_PRODUCTS.map((product) => ({ id: product.id, name: product.name })))
    .onConflictDoNothing();
  await db
    .insert(sandboxPrices)
    .values(
      SANDBOX_PRODUCTS.flatMap((product) =>
        product.prices.map((price) => ({
          id: price.id,
          productId: product.id,
          unitAmount: price.amount,
          currency: STORE_CURRENCY,
        })),
      ),
    )
    .onConflictDoNothing();
}
