/** What the bench reads of the catalogue before loading it, and the checks that its answers are right. */
import pg from 'pg';
import { DEMO_ACCOUNTS } from '../server/db/seed/demo-data.ts';

const PRODUCT_SAMPLE = 200;

export async function getJson<T>(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: T }> {
  const response = await fetch(url, { headers });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

export interface Card {
  id: number;
  category_id: number;
  name: string;
  instock: number;
  pricing: number | null;
}

/** The bearer header of a demo account: the client by default, the owner for the back office. */
export async function logIn(
  base: string,
  { user_name, password }: { user_name: string; password: string } = DEMO_ACCOUNTS.client,
): Promise<Record<string, string>> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user_name, password }),
  });
  if (!response.ok)
    throw new Error(`login of ${user_name} failed: ${response.status} ${await response.text()}`);
  const { token } = (await response.json()) as { token: string };
  return { authorization: `Bearer ${token}` };
}

/** Root ids, and PRODUCT_SAMPLE products spread over the whole catalogue. */
export async function sampleCatalogue(base: string, auth: Record<string, string>) {
  const roots = (await getJson<{ id: number }[]>(`${base}/api/categories/root`, auth)).body.map((r) => r.id);
  const cards: Card[] = [];
  for (const root of roots) {
    const first = await getJson<{ total: number; products: Card[] }>(
      `${base}/api/categories/${root}/products?offset=0&limit=100`,
      auth,
    );
    cards.push(...first.body.products);
    if (first.body.total > 200) {
      const middle = await getJson<{ products: Card[] }>(
        `${base}/api/categories/${root}/products?offset=${Math.floor(first.body.total / 2)}&limit=100`,
        auth,
      );
      cards.push(...middle.body.products);
    }
  }
  const step = Math.max(1, cards.length / PRODUCT_SAMPLE);
  const products = Array.from(
    { length: Math.min(PRODUCT_SAMPLE, cards.length) },
    (_, i) => cards[Math.floor(i * step)],
  ).filter((card): card is Card => card !== undefined);
  return { roots, products };
}

/** A visitor never gets a price, and gets only the showroom's and teaser's products. */
export async function probePrices(
  base: string,
  auth: Record<string, string>,
  products: Card[],
): Promise<string[]> {
  const problems: string[] = [];
  const teaser = (await getJson<Card[]>(`${base}/api/products/teaser`)).body;
  const showroom = (
    await getJson<{ products: { product_id: number }[] }[]>(`${base}/api/getShowRoomProducts`)
  ).body;
  const open = teaser[0];
  if (open) {
    const url = `${base}/api/product/${open.category_id}/${open.id}`;
    const visitor = await getJson<Card>(url);
    if (visitor.status !== 200 || visitor.body.pricing !== null)
      problems.push(
        `a visitor's teaser product came back ${visitor.status} with pricing ${visitor.body.pricing}`,
      );
    const client = await getJson<Card>(url, auth);
    if (typeof client.body.pricing !== 'number') problems.push('a client got no price');
  }
  const visible = new Set([
    ...teaser.map((p) => p.id),
    ...showroom.flatMap((c) => c.products.map((p) => p.product_id)),
  ]);
  const hidden = products.find((p) => !visible.has(p.id));
  if (hidden) {
    const visitor = await getJson(`${base}/api/product/${hidden.category_id}/${hidden.id}`);
    if (visitor.status !== 401) problems.push(`a visitor opened product ${hidden.id} (${visitor.status})`);
  }
  const search = await getJson(`${base}/api/product?term=sock`);
  if (search.status !== 401) problems.push(`a visitor searched (${search.status})`);
  return problems;
}

/**
 * Another instance takes stock (a direct write and pg_notify, as checkout does through
 * notifyCatalogChanged): the server must show it within a second. Answers the delay in ms.
 */
export async function probeStockChange(
  base: string,
  auth: Record<string, string>,
  databaseUrl: string,
  product: Card,
) {
  const url = `${base}/api/product/${product.category_id}/${product.id}`;
  const before = (await getJson<Card>(url, auth)).body.instock;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      'UPDATE stock SET instock = instock + 5 WHERE id = (SELECT id FROM stock WHERE product_id = $1 ORDER BY id LIMIT 1)',
      [product.id],
    );
    await client.query("SELECT pg_notify('catalog_changed', $1)", [JSON.stringify([product.id])]);
  } finally {
    await client.end();
  }
  const started = performance.now();
  while (performance.now() - started < 2_000) {
    if ((await getJson<Card>(url, auth)).body.instock === before + 5) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return Number.POSITIVE_INFINITY;
}
