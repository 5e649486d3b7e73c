import { eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchWords } from '../../../domain/catalog.ts';
import { rowsOf, type Tx } from '../../db/database.ts';
import { products, searchLexemes } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import {
  afterPrefix,
  namesCategory,
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
  const rows = await selectSearchWords(t.db, searchWords(term));
  const scope = searchScope(await selectSearchCategories(t.db), rows);
  const searched = searchWordsOf(rows);
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

  it('are read by a plan PostgreSQL keeps after its first runs, not one made for every search', async () => {
    const [statement] = await t.db.transaction(async (tx) => {
      // One connection: the prepared statement and its counts are that connection's.
      for (const word of ['soc', 'mer', 'woo', 'cre', 'kni', 'sokc', 'hik', 'gri'])
        await selectSearchWords(tx, [word]);
      return rowsOf<{ generic_plans: number }>(
        tx,
        sql`SELECT generic_plans::int FROM pg_prepared_statements
            WHERE statement LIKE '%json_array_elements_text%search_lexemes%'
              AND statement NOT LIKE '%pg_prepared_statements%'`,
      );
    });
    expect(statement?.generic_plans).toBeGreaterThan(0);
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

describe('the categories a word names', () => {
  it("are those PostgreSQL's text search says it names, for every start of every word of their names", async () => {
    const categories = await selectSearchCategories(t.db);
    const [names] = await rowsOf<{ names: string }>(
      t.db,
      sql`SELECT string_agg(name, ' ') AS names FROM categories`,
    );
    const nameWords = searchWords(names?.names ?? '');
    const starts = nameWords.flatMap((word) => Array.from(word, (_, end) => word.slice(0, end + 1)));
    // Stop words (none in the simple configuration's), stems longer than the word ('socks' is
    // 'sock'), accents, numbers, words no category holds, and a text of two parts, each of which
    // must name it (searchWords makes none, but the configurations' parts are all matched).
    const extras = ['the', 'and', 'of', 'socks', 'kids', 'bébé', 'chaussettes', '2026', 'zzz', 'sock-zzz'];
    const words = [...new Set([...starts, ...extras])];
    const rows = await selectSearchWords(t.db, words);
    const expected = await rowsOf<{ word: string; named: number[] | null }>(
      t.db,
      sql`
      SELECT w.word, array_agg(g.id ORDER BY g.id) FILTER (WHERE
          to_tsvector('shop_english'::regconfig, g.name || ' ' || coalesce(r.name, ''))
            @@ (to_tsquery('shop_english'::regconfig, w.word || ':*') || to_tsquery('shop_simple'::regconfig, w.word || ':*'))
        ) AS named
      FROM json_array_elements_text(${JSON.stringify(words)}::json) w(word)
      CROSS JOIN categories g LEFT JOIN categories r ON r.id = g.parent_id
      GROUP BY w.word`,
    );
    const byPostgres = new Map(expected.map((row) => [row.word, row.named ?? []]));
    expect(rows).toHaveLength(words.length);
    let naming = 0;
    for (const row of rows) {
      const named = categories
        .filter((category) => namesCategory(row, category.lexemes))
        .map((category) => category.id)
        .sort((a, b) => a - b);
      expect(named, row.word).toEqual(byPostgres.get(row.word));
      if (named.length > 0) naming++;
    }
    // Most starts of the names' words name their category; the extras mostly do not.
    expect(naming).toBeGreaterThan(starts.length / 2);
    expect(byPostgres.get('zzz')).toEqual([]);
    expect(byPostgres.get('sock-zzz')).toEqual([]);
    expect(byPostgres.get('socks')?.length).toBeGreaterThan(0);
  });
});

describe('the products whose names hold the words', () => {
  /** The category of a demo product, by its code's start. */
  async function categoryOf(codePrefix: string): Promise<number> {
    const [row] = await t.db
      .select({ id: products.categoryId })
      .from(products)
      .where(sql`${products.code} LIKE ${`${codePrefix}%`}`)
      .limit(1);
    if (!row) throw new Error(`the demo data has ${codePrefix} products`);
    return row.id;
  }

  async function addProducts(
    rows: { code: string; name: string; description: string }[],
    categoryId?: number,
  ): Promise<void> {
    const category = categoryId ?? (await categoryOf(''));
    await t.db.insert(products).values(
      rows.map(({ code, name, description }) => ({
        code,
        name,
        shortDescription: description,
        categoryId: category,
        pricing: 1500,
      })),
    );
  }

  /** The names found for the text on its first page, and how many were found. */
  async function firstPage(term: string): Promise<{ names: string[]; total: number | undefined }> {
    const found = await selectSearchPage(t.db, term, await planOf(term), { offset: 0, limit: 24 });
    return { names: found.map((p) => p.name), total: found[0]?.total };
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

  it('are found before the products of a category only some words name, which are read only when the names are fewer', async () => {
    // 'kids' names the Kids' Socks categories; 'zorbul' names none, so their products are found
    // only when their own words hold it.
    const kidsCategory = await categoryOf('KS-');
    await addProducts(
      [{ code: 'ZB-KIDS', name: 'Plain Kids Crew', description: 'Zorbulous wool' }],
      kidsCategory,
    );
    await addProducts(
      Array.from({ length: SEARCH_RANKED_PER_WAY }, (_, i) => ({
        code: `ZB-${i}`,
        name: `Zorbulous Kids Tote ${i}`,
        description: '',
      })),
      await categoryOf('MS-'),
    );
    try {
      const many = await firstPage('zorbul kids');
      expect(many.names.every((name) => name.startsWith('Zorbulous Kids Tote'))).toBe(true);
      expect(many.total).toBe(SEARCH_RANKED_PER_WAY);

      await t.db.delete(products).where(sql`${products.code} LIKE 'ZB-%' AND ${products.code} <> 'ZB-0'
        AND ${products.code} <> 'ZB-KIDS'`);
      expect(await firstPage('zorbul kids')).toEqual({
        names: ['Zorbulous Kids Tote 0', 'Plain Kids Crew'],
        total: 2,
      });
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

describe("a search's statement", () => {
  it('runs on its generic plan, planned once for every text of its shape', async () => {
    const page = { offset: 0, limit: 8 };
    // Two texts of a shape no other statement of this connection has had (PostgreSQL plans the
    // first five runs of a statement for their values, whatever it does later): five groups of
    // categories the word names, found in turns by a scan and by the index.
    const categories = (await selectSearchCategories(t.db)).map((category) => category.id).slice(0, 5);
    const shaped = async (term: string): Promise<SearchPlan> => {
      const plan = await planOf(term);
      const named = categories.map((id) => ({ words: [true], categories: [id] }));
      return {
        ...plan,
        scope: { unlisted: [], named, all: categories },
        scan: { ...plan.scan, named: named.map((_, index) => (index % 2 === 0 ? 'scan' : 'words')) },
      };
    };
    const [merino, cotton] = [await shaped('merino'), await shaped('cotton')];
    const { before, after } = await t.db.transaction(async (tx) => {
      const plans = async () => {
        const [counts] = await rowsOf<{ generic: number; custom: number }>(
          tx,
          sql`SELECT coalesce(sum(generic_plans), 0)::int AS generic, coalesce(sum(custom_plans), 0)::int AS custom
            FROM pg_prepared_statements WHERE statement LIKE 'WITH named AS MATERIALIZED%'`,
        );
        return counts ?? { generic: 0, custom: 0 };
      };
      await tx.execute(SEARCH_WAYS_AS_PLANNED);
      const counted = await plans();
      await selectSearchPage(tx, 'merino', merino, page);
      await selectSearchPage(tx, 'cotton', cotton, page);
      return { before: counted, after: await plans() };
    });
    expect(after.generic - before.generic).toBe(2);
    expect(after.custom - before.custom).toBe(0);
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
