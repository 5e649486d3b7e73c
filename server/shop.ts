/**
 * The shop, once its configuration is read and its database open (server/main.ts loads this module
 * while the database opens).
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/database.ts';
import { installReferenceData } from './db/seed/reference-data.ts';
import { seedDemoData } from './db/seed/seed.ts';
import { startTableUpkeep } from './db/upkeep.ts';
import { systemClock } from './lib/clock.ts';
import { prepareSetupLink } from './modules/admin/setup.service.ts';
import { hashPassword } from './modules/auth/passwords.ts';
import { RELEASE_INTERVAL_MS } from './modules/checkout/authorization-release.ts';
import { RECONCILE_INTERVAL_MS } from './modules/reconciliation/reconciliation.service.ts';
import { storeSender } from './modules/settings/settings.service.ts';
import { startMailDelivery } from './providers/mail/mail.ts';

/** Migrates, installs the reference data, seeds the demo data on the first start, and listens. */
export async function runShop(config: Readonly<Config>, database: DatabaseHandle): Promise<void> {
  await database.migrate();
  // Whatever SEED_DEMO_DATA says: a shop without its taxes and messages cannot sell.
  const reference = await installReferenceData(database.db);
  if (reference.added > 0) console.log(`Reference data: ${reference.added} rows added.`);

  const imagesDir = path.join(config.dataDir, 'images');
  // A shop without the demo data has no image yet: the folder is there for its first upload, and
  // the server serves it from the start without a warning that it is missing.
  await mkdir(imagesDir, { recursive: true });
  if (config.seedDemoData) {
    const { seeded } = await seedDemoData(database.db, { imagesDir, hashPassword });
    if (seeded) console.log('Demo data created.');
  }

  const setupLink = await prepareSetupLink(database.db);

  const app = await buildApp({
    config,
    db: database.db,
    imagesDir,
    uploadsDir: path.join(config.dataDir, 'uploads'),
    webRoot: config.webDir,
    checkReplies: false,
  });

  // Without MAIL_FROM, e-mails are from the store's name and e-mail as its settings say now.
  const mailFrom = config.mailFrom ?? (() => storeSender(database.db));
  const stopMail = await startMailDelivery(config, mailFrom, database.db, systemClock, (message) =>
    app.log.warn(message),
  );
  // Card holds never placed as orders are released (one instance at a time runs each pass).
  const releaseHolds = setInterval(() => {
    app.jobs.releaseStaleCardHolds().then(
      (released) => {
        if (released.length > 0) app.log.info(`released ${released.length} unplaced card holds`);
      },
      (error: unknown) => app.log.error({ err: error }, 'releasing unplaced card holds failed'),
    );
  }, RELEASE_INTERVAL_MS);
  releaseHolds.unref();
  // Yesterday's payments reconciled with the processor, once, in the night (an instance that was
  // down then does it when it starts again).
  const reconcile = () =>
    app.jobs.reconcileYesterday().then(
      (day) => {
        if (day) app.log.info(`reconciled the payments of ${day}`);
      },
      (error: unknown) => app.log.error({ err: error }, 'the payment reconciliation failed'),
    );
  const reconcileNightly = setInterval(reconcile, RECONCILE_INTERVAL_MS);
  reconcileNightly.unref();

  // Dead rows vacuumed and statistics kept current where no autovacuum runs (PGlite has none).
  const stopTableUpkeep = await startTableUpkeep(database, {
    kept: ({ vacuumed, analyzed }, milliseconds) =>
      app.log.debug({ vacuumed, analyzed, milliseconds }, 'kept the tables autovacuum would have'),
    failed: (error) => app.log.error({ err: error }, 'the tables’ upkeep failed'),
  });

  const shutdown = async (signal: string) => {
    app.log.info(`${signal}: shutting down`);
    stopMail();
    clearInterval(releaseHolds);
    clearInterval(reconcileNightly);
    stopTableUpkeep();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${path.join(config.dataDir, 'pgdata')}`;
  app.log.info(`The shop is open on http://localhost:${config.port} (database: ${where})`);
  if (setupLink) {
    // Plain text on its own lines: the owner copies it from the terminal.
    console.log(
      [
        '',
        'This shop has no admin yet. Open this one-time link to create your account and enter your store:',
        `  ${config.publicUrl.replace(/\/$/, '')}${setupLink}`,
        '',
      ].join('\n'),
    );
  }
}
