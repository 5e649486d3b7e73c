import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, rowsOf } from './database.ts';
import { PgliteThread } from './pglite-thread.ts';

/** The embedded database on disk, as `npm start` opens it (the other tests open snapshots). */
describe.runIf(inject('databases').kind === 'pglite')('the embedded database in a data folder', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'shop-pglite-'));
  });
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('creates the database of a folder that has none, and a later start finds what was written', async () => {
    const dataDir = path.join(folder, 'pgdata');
    const first = await openDatabase({ dataDir });
    await first.db.execute(sql`CREATE TABLE kept (note text)`);
    await first.db.execute(sql`INSERT INTO kept VALUES ('still here')`);
    await first.close();

    const again = await openDatabase({ dataDir });
    try {
      expect(await rowsOf(again.db, sql`SELECT note FROM kept`)).toEqual([{ note: 'still here' }]);
    } finally {
      await again.close();
    }
  });

  it('says which folder it could not create the database in', async () => {
    const notAFolder = path.join(folder, 'a-file');
    await writeFile(notAFolder, 'not a database');
    await expect(PgliteThread.start({ dataDir: notAFolder })).rejects.toThrow(
      `Creating the embedded database in ${notAFolder} failed (exit code 1):\n`,
    );
  });
});
