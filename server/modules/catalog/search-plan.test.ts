import { eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchWords } from '../../../domain/catalog.ts';
import type { Tx } from '../../db/database.ts';
import { products, searchLexemes } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import {
  afterPrefix,
  SEARCH_RANKED_PER_WAY,
  SEARCH_WAYS_AS_PLANNED,
  type SearchPlan,
  searchScans,
  searchScope,
  selectSearchCategories,
  selectSearchPage,
  selectSearchWords,
} from './catalog.queries.ts';
import { searchWordsOf } from './search-words.ts';

/**
 * How a search finds its products (docs/decisions/008): the lexemes a word starts, kept by
 * triggers; which ways scan and which ask an index; the same products whichever way is taken.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function planOf(term: string, scan?: SearchPlan['scan']): Promise<SearchPlan> {
  const words = searchWords(term);
  const scope = searchScope(await selectSearchCategories(t.db, words), words);
  const searched = searchWordsOf(await selectSearchWords(t.db, words));
  const none = searchScans(searched, scope, { search: new Map(), name: new Map(), category: new Map() });
  return { scope, words: searched, scan: scan ?? none };
}

describe('the lexemes a search word starts', () => {
  it('are every lexeme of the products, kept as products are added and renamed', async () => {
    const [row] = await t.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.code, 'MS-CRW-001'));
    if (!row) throw new Error('the demo data has MS-CRW-001');
    const before = await t.db.select().from(searchLexemes).where(eq(searchLexemes.lexeme, 'zorbul'));
    expect(before).toEqual([]);
    await t.db.update(products).set({ name: 'Zorbulous Crew Sock' }).where(eq(products.id, row.id));
    try {
      const [word] = await selectSearchWords(t.db, ['zorb']);
      expect(word?.lexemes?.sort()).toEqual(['zorbul', 'zorbulous']);
      const found = await selectSearchPage(t.db, 'zorb', await planOf('zorb'), { offset: 0, limit: 24 });
      expect(found.map((p) => p.id)).toEqual([row.id]);
    } finally {
      await t.db.update(products).set({ name: 'Maple Leaf Crew Sock - Red' }).where(eq(products.id, row.id));
    }
    // A lexeme no product holds any more stays, and finds nothing.
    const gone = await selectSearchPage(t.db, 'zorb', await planOf('zorb'), { offset: 0, limit: 24 });
    expect(gone).toEqual([]);
  });

  it('are listed as the word starts them in either configuration, or the word is like some', async () => {
    const [socks, typo, nothing] = await selectSearchWords(t.db, ['socks', 'sokc', 'qqqqq']);
    expect(socks?.lexemes).toContain('sock');
    expect(socks?.lexemes).toContain('socks');
    expect(socks?.candidates).toEqual([]);
    expect(typo?.lexemes).toEqual([]);
    expect(typo?.candidates).toContain('sock');
    expect(nothing?.lexemes).toEqual([]);
    expect(
      searchWordsOf([nothing ?? { word: '', folded: '', lexemes: [], candidates: [], similarities: [] }]),
    ).toEqual([{ word: 'qqqqq', lexemes: [], typoOf: [] }]);
  });

  it('find what the word as a prefix finds', async () => {
    for (const term of ['cr', 'mer', 'sock', 'kids cr', 'maple le', 'stri', 'ms-crw']) {
      const plan = await planOf(term);
      const listed = await selectSearchPage(t.db, term, plan, { offset: 0, limit: 24 });
      const prefixes = { ...plan, words: plan.words.map((w) => ({ ...w, lexemes: null })) };
      const asPrefix = await selectSearchPage(t.db, term, prefixes, { offset: 0, limit: 24 });
      expect(
        listed.map((p) => p.id),
        term,
      ).toEqual(asPrefix.map((p) => p.id));
    }
  });
});

describe('which ways scan', () => {
  const shares = (search: Record<string, number>, category: Record<number, number> = {}) => ({
    search: new Map(Object.entries(search)),
    name: new Map(Object.entries(search)),
    category: new Map(Object.entries(category).map(([id, share]) => [Number(id), share])),
  });
  const word = (lexemes: string[] | null) => ({ lexemes });

  it('scan for words that most products hold, ask the index for the others', () => {
    const common = shares({ sock: 0.6, socks: 0.6, green: 0.1, grey: 0.1, grip: 0.08, klondik: 0.03 });
    // 'sock' and its stem count once: 0.6; 'gr' is green, grey and grip: 0.28.
    expect(searchScans([word(['sock', 'socks'])], { named: [] }, common)).toMatchObject({ text: true });
    expect(
      searchScans([word(['sock', 'socks']), word(['green', 'grey', 'grip'])], { named: [] }, common),
    ).toMatchObject({ text: true, name: true });
    expect(searchScans([word(['klondik', 'klondike'])], { named: [] }, common)).toMatchObject({
      text: false,
    });
    // Unknown: too many lexemes to list, or no statistics yet.
    expect(searchScans([word(null)], { named: [] }, common)).toMatchObject({ text: false });
    expect(searchScans([word(['sock'])], { named: [] }, shares({}))).toMatchObject({ text: false });
  });

  it("read a category's products by scan, by its index, or through the words' index", () => {
    const named = [{ words: [true, false], categories: [7] }];
    const scans = (category: number, other: number) =>
      searchScans([word(['kid']), word(['merino'])], { named }, shares({ merino: other }, { 7: category }))
        .named;
    expect(scans(0.5, 0.5)).toEqual(['scan']);
    expect(scans(0.05, 0.5)).toEqual(['category']);
    expect(scans(0.05, 0.01)).toEqual(['words']);
  });

  it('find the same products whichever way', async () => {
    for (const term of ['sock', 'kids', 'maple cr', 'cotton', 'toques']) {
      const byIndex = await planOf(term);
      const byScan = await planOf(term, {
        text: true,
        name: true,
        named: byIndex.scope.named.map(() => 'scan' as const),
      });
      const byCategory = await planOf(term, {
        text: false,
        name: false,
        named: byIndex.scope.named.map(() => 'category' as const),
      });
      const ids = async (plan: SearchPlan) =>
        (await selectSearchPage(t.db, term, plan, { offset: 0, limit: 24 })).map((p) => p.id).sort();
      const expected = await ids(byIndex);
      expect(expected.length, term).toBeGreaterThan(0);
      expect(await ids(byScan), term).toEqual(expected);
      expect(await ids(byCategory), term).toEqual(expected);
    }
  });
});

describe('the products whose names hold the words', () => {
  async function addProducts(rows: { code: string; name: string; description: string }[]): Promise<void> {
    const [category] = await t.db.select({ id: products.categoryId }).from(products).limit(1);
    if (!category) throw new Error('the demo data has products');
    await t.db.insert(products).values(
      rows.map(({ code, name, description }) => ({
        code,
        name,
        shortDescription: description,
        categoryId: category.id,
        pricing: 1500,
      })),
    );
  }

  it('are found before any other text is read, which is read only when they are fewer than are ranked', async () => {
    // Added first: read in the table's order, its description is met before any of the names.
    await addProducts([{ code: 'ZB-DESC', name: 'Plain Crew Sock', description: 'Zorbulous wool' }]);
    await addProducts(
      Array.from({ length: SEARCH_RANKED_PER_WAY }, (_, i) => ({
        code: `ZB-${i}`,
        name: `Zorbulous Crew ${i}`,
        description: '',
      })),
    );
    try {
      const many = await selectSearchPage(t.db, 'zorbul', await planOf('zorbul'), { offset: 0, limit: 24 });
      expect(many).toHaveLength(24);
      expect(many.every((p) => p.name.startsWith('Zorbulous Crew'))).toBe(true);
      // As many as are ranked hold it in their names: the descriptions are not read.
      expect(many[0]?.total).toBe(SEARCH_RANKED_PER_WAY);

      await t.db.delete(products).where(sql`${products.code} LIKE 'ZB-%' AND ${products.code} <> 'ZB-0'
        AND ${products.code} <> 'ZB-DESC'`);
      const few = await selectSearchPage(t.db, 'zorbul', await planOf('zorbul'), { offset: 0, limit: 24 });
      expect(few.map((p) => p.name)).toEqual(['Zorbulous Crew 0', 'Plain Crew Sock']);
      expect(few[0]?.total).toBe(2);
    } finally {
      await t.db.delete(products).where(sql`${products.code} LIKE 'ZB-%'`);
    }
  });
});

describe('a way that scans', () => {
  /** The plan of a search page's statement, as the search runs it (SEARCH_WAYS_AS_PLANNED). */
  async function planNodes(term: string, plan: SearchPlan): Promise<Record<string, unknown>[]> {
    const rows = await t.db.transaction(async (tx) => {
      await tx.execute(SEARCH_WAYS_AS_PLANNED);
      // The statement as the search sends it, explained instead of run.
      const explaining = { execute: (query: SQL) => tx.execute(sql`EXPLAIN (FORMAT JSON) ${query}`) };
      return selectSearchPage(explaining as unknown as Tx, term, plan, { offset: 0, limit: 24 });
    });
    const nodes: Record<string, unknown>[] = [];
    const visit = (node: Record<string, unknown>) => {
      nodes.push(node);
      for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) visit(child);
    };
    const [explained] = Object.values(rows[0] ?? {}) as unknown as [{ Plan: Record<string, unknown> }[]];
    visit(explained[0]?.Plan ?? {});
    return nodes;
  }

  it('reads the products table and stops at its limit, never a whole index first', async () => {
    const byIndex = await planOf('kids sock');
    const byScan = await planOf('kids sock', {
      text: true,
      name: true,
      named: byIndex.scope.named.map(() => 'scan' as const),
    });
    expect(byScan.scope.named.length).toBeGreaterThan(0);
    const nodes = await planNodes('kids sock', byScan);
    expect(nodes.filter((node) => node['Node Type'] === 'Seq Scan').length).toBeGreaterThan(0);
    // An index read for `active` alone (products_category holds it after category_id) is read whole.
    const indexReads = nodes.filter((node) => node['Index Cond'] !== undefined);
    expect(indexReads.length).toBeGreaterThan(0);
    for (const read of indexReads)
      expect(String(read['Index Cond']), String(read['Index Name'])).not.toBe('(active = true)');
  });
});

describe('a code prefix as a range of the code index', () => {
  it('ends just after every text that starts with it', () => {
    expect(afterPrefix('ms-crw')).toBe('ms-crx');
    expect(afterPrefix('a\u{10ffff}')).toBe('b');
    expect(afterPrefix('\u{d7ff}')).toBe('\u{e000}');
    expect(afterPrefix('\u{10ffff}')).toBeUndefined();
  });
});
