import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { type Database, embeddedDatabase, openDatabase } from '../db/database.ts';
import { installReferenceData } from '../db/seed/reference-data.ts';
import { seedDemoData } from '../db/seed/seed.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { databaseUrlFor, type PreparedDatabases, type TestData } from './test-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    databases: PreparedDatabases;
  }
}

/** Both data sets are shops as main.ts starts them: 'empty' with SEED_DEMO_DATA=false. */
async function prepare(db: Database, data: TestData, imagesDir: string): Promise<void> {
  await installReferenceData(db);
  if (data === 'demo') await seedDemoData(db, { imagesDir, hashPassword });
}

const DATA_SETS: TestData[] = ['empty', 'demo'];

export default async function setup(project: TestProject) {
  const workDir = await mkdtemp(path.join(tmpdir(), 'shop-test-'));
  // Generated images are the same on every run: keep them between runs rather than redraw them.
  const imagesDir = path.resolve('node_modules/.cache/shop-test-images');
  const adminUrl = process.env.TEST_DATABASE_URL;
  const onPostgres = project.name.endsWith('-pg');
  if (onPostgres && !adminUrl) throw new Error(`${project.name} needs TEST_DATABASE_URL`);

  if (!onPostgres || !adminUrl) {
    const sources = {} as Record<TestData, string>;
    for (const data of DATA_SETS) {
      const handle = await openDatabase({});
      await handle.migrate();
      await prepare(handle.db, data, imagesDir);
      const embedded = embeddedDatabase(handle.db);
      if (!embedded) throw new Error('an embedded database has its PGlite');
      const file = path.join(workDir, `${data}.tar`);
      await writeFile(file, await embedded.dump());
      await handle.close();
      sources[data] = file;
    }
    project.provide('databases', { kind: 'pglite', sources, imagesDir });
    return () => rm(workDir, { recursive: true, force: true });
  }

  const run = randomBytes(4).toString('hex');
  const sources = { empty: `shop_tpl_empty_${run}`, demo: `shop_tpl_demo_${run}` };
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  for (const data of DATA_SETS) {
    await admin.query(`CREATE DATABASE "${sources[data]}"`);
    const handle = await openDatabase({ url: databaseUrlFor(adminUrl, sources[data]) });
    await handle.migrate();
    await prepare(handle.db, data, imagesDir);
    await handle.close();
  }
  await admin.end();
  project.provide('databases', { kind: 'postgres', sources, imagesDir, adminUrl });
  return async () => {
    const cleanup = new pg.Client({ connectionString: adminUrl });
    await cleanup.connect();
    for (const name of Object.values(sources))
      await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await cleanup.end();
    await rm(workDir, { recursive: true, force: true });
  };
}
