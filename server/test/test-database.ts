/**
 * Each test file gets its own fresh database, copied from one prepared per run by global-setup.ts:
 * a PGlite data-dir snapshot, or a PostgreSQL template database when TEST_DATABASE_URL is set.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../db/database.ts';

export type TestData = 'empty' | 'demo';
export type TestDbKind = 'pglite' | 'postgres';

export interface PreparedDatabases {
  kind: TestDbKind;
  /** PGlite: snapshot file per data set. PostgreSQL: template database name per data set. */
  sources: Record<TestData, string>;
  imagesDir: string;
  /** PostgreSQL only: the server's admin URL. */
  adminUrl?: string;
}

export function databaseUrlFor(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function openTestDatabase(
  prepared: PreparedDatabases,
  data: TestData,
  { poolSize = 25 }: { poolSize?: number } = {},
): Promise<DatabaseHandle> {
  if (prepared.kind === 'pglite') {
    const snapshot = await readFile(prepared.sources[data]);
    return openDatabase({ snapshot });
  }
  const adminUrl = prepared.adminUrl;
  if (!adminUrl) throw new Error('PostgreSQL tests need TEST_DATABASE_URL');
  const name = `shop_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${prepared.sources[data]}"`);
  await admin.end();
  const handle = await openDatabase({ url: databaseUrlFor(adminUrl, name), poolSize });
  return {
    ...handle,
    async close() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
