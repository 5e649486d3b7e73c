/**
 * Seeds the database named by the server's configuration (DATA_DIR, DATABASE_URL), e.g. a benchmark
 * catalogue: npx tsx server/db/seed/cli.ts --products 10000
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config.ts';
import { hashPassword } from '../../modules/auth/passwords.ts';
import { openDatabase } from '../database.ts';
import { installReferenceData } from './reference-data.ts';
import { seedDemoData } from './seed.ts';

function readProductCount(): number | undefined {
  const { values } = parseArgs({ options: { products: { type: 'string' } } });
  if (values.products === undefined) return undefined;
  const count = Number(values.products);
  if (!Number.isInteger(count) || count < 1)
    throw new Error(`--products must be a positive whole number, not ${values.products}`);
  return count;
}

async function seedFromCommandLine(): Promise<void> {
  const products = readProductCount();
  const config = loadConfig();
  const started = performance.now();
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: path.join(config.dataDir, 'pgdata'),
  });
  try {
    await database.migrate();
    await installReferenceData(database.db);
    const result = await seedDemoData(database.db, {
      imagesDir: path.join(config.dataDir, 'images'),
      hashPassword,
      ...(products === undefined ? {} : { products }),
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const images = `${result.images} images (${result.imagesGenerated} drawn now)`;
    console.log(
      result.seeded
        ? `Seeded ${result.products} products and ${images} on ${database.kind} in ${seconds} s.`
        : `Already seeded: nothing written; ${images}; ${seconds} s.`,
    );
  } finally {
    await database.close();
  }
}

seedFromCommandLine().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
