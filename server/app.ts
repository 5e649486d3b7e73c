import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import helmet from 'helmet';
import type { Config } from './config.ts';
import { type Database, embeddedDatabase } from './db/database.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import { API_BROTLI_OPTIONS, API_COMPRESSION_THRESHOLD, API_ENCODINGS } from './lib/compression.ts';
import { answerRoutingError, registerErrorHandling } from './lib/errors.ts';
import { replySerializerCompiler } from './lib/reply-serializer.ts';
import { addressRoutes } from './modules/addresses/addresses.routes.ts';
import { createAddressService } from './modules/addresses/addresses.service.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { createAuditService } from './modules/admin/audit.ts';
import { catalogueRoutes } from './modules/admin/catalogue.routes.ts';
import { createCatalogueService } from './modules/admin/catalogue.service.ts';
import { goLiveRoutes } from './modules/admin/go-live.routes.ts';
import { createMediaService } from './modules/admin/media.service.ts';
import { offersRoutes } from './modules/admin/offers.routes.ts';
import { createOffersService } from './modules/admin/offers.service.ts';
import { createOutboxService } from './modules/admin/outbox.service.ts';
import { readersRoutes } from './modules/admin/readers.routes.ts';
import { createReadersService } from './modules/admin/readers.service.ts';
import { reportsRoutes } from './modules/admin/reports.routes.ts';
import { createReportsService } from './modules/admin/reports.service.ts';
import { requestsAdminRoutes } from './modules/admin/requests-admin.routes.ts';
import { createRequestsAdminService } from './modules/admin/requests-admin.service.ts';
import { settingsAdminRoutes } from './modules/admin/settings-admin.routes.ts';
import { createSettingsAdminService } from './modules/admin/settings-admin.service.ts';
import { setupRoutes } from './modules/admin/setup.routes.ts';
import { createSetupService } from './modules/admin/setup.service.ts';
import { staffRoutes } from './modules/admin/staff.routes.ts';
import { createStaffService } from './modules/admin/staff.service.ts';
import { createStockService } from './modules/admin/stock.service.ts';
import { createStockCsvService } from './modules/admin/stock-csv.service.ts';
import { registerAccess } from './modules/auth/access.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { registerAuthentication } from './modules/auth/authenticate.ts';
import { createPasswordRecovery } from './modules/auth/password-recovery.ts';
import { cartRoutes } from './modules/cart/cart.routes.ts';
import { createCartService } from './modules/cart/cart.service.ts';
import { createCartItems } from './modules/cart/cart-items.ts';
import { createReplySender } from './modules/catalog/cached-reply.ts';
import { catalogRoutes } from './modules/catalog/catalog.routes.ts';
import { createCatalogService } from './modules/catalog/catalog.service.ts';
import { createCatalogCache, listenForCatalogChanges } from './modules/catalog/catalog-cache.ts';
import { createVisitCounter } from './modules/catalog/visits.ts';
import { createAuthorizationRelease } from './modules/checkout/authorization-release.ts';
import { checkoutRoutes } from './modules/checkout/checkout.routes.ts';
import { createCheckoutService } from './modules/checkout/checkout.service.ts';
import { createShippingService } from './modules/checkout/shipping.service.ts';
import { inventoryRoutes } from './modules/inventory/inventory.routes.ts';
import { createInventoryService } from './modules/inventory/inventory.service.ts';
import { invoicesRoutes } from './modules/invoices/invoices.routes.ts';
import { createInvoicesService } from './modules/invoices/invoices.service.ts';
import { loggerRoutes } from './modules/logger/logger.routes.ts';
import { messagesRoutes } from './modules/messages/messages.routes.ts';
import { createMessagesService } from './modules/messages/messages.service.ts';
import { createOrderRefunds } from './modules/orders/order-refunds.service.ts';
import { ordersRoutes } from './modules/orders/orders.routes.ts';
import { ordersAdminRoutes } from './modules/orders/orders-admin.routes.ts';
import { createOrdersAdminService } from './modules/orders/orders-admin.service.ts';
import { posRoutes } from './modules/pos/pos.routes.ts';
import { createPosService } from './modules/pos/pos.service.ts';
import { posCatalogueRoutes } from './modules/pos/pos-catalogue.routes.ts';
import { createPosCatalogueService } from './modules/pos/pos-catalogue.service.ts';
import { createPosCheckoutService } from './modules/pos/pos-checkout.service.ts';
import { createReceiptsService } from './modules/pos/receipts.service.ts';
import { createRegisterReturns } from './modules/pos/register-returns.service.ts';
import { registerSalesRoutes } from './modules/pos/register-sales.routes.ts';
import { createRegisterSales } from './modules/pos/register-sales.service.ts';
import { shiftsRoutes } from './modules/pos/shifts.routes.ts';
import { createShiftsService } from './modules/pos/shifts.service.ts';
import { reconciliationRoutes } from './modules/reconciliation/reconciliation.routes.ts';
import { createReconciliation } from './modules/reconciliation/reconciliation.service.ts';
import { requestsRoutes } from './modules/requests/requests.routes.ts';
import { createRequestsService } from './modules/requests/requests.service.ts';
import { uploadsRoutes } from './modules/requests/uploads.routes.ts';
import { createUploadsService } from './modules/requests/uploads.service.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { createSettingsService } from './modules/settings/settings.service.ts';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes.ts';
import { createWebhooksService } from './modules/webhooks/webhooks.service.ts';
import { wishlistRoutes } from './modules/wishlist/wishlist.routes.ts';
import { createWishlistService } from './modules/wishlist/wishlist.service.ts';
import type { PaymentGateway } from './providers/payments/gateway.ts';
import { type GoLiveDeps, goLiveDeps } from './providers/payments/go-live-check.ts';
import { createPaymentGateway } from './providers/payments/index.ts';
import { type SandboxEvents, withSandboxEvents } from './providers/payments/sandbox/events.ts';
import { newWebhookSecret } from './providers/payments/webhook-events.ts';
import type { ShippingCarrier } from './providers/shipping/carrier.ts';
import { createSandboxCarrier } from './providers/shipping/sandbox-carrier.ts';
import type { ShippingRates } from './providers/shipping/shipping-rates.ts';
import { createTableRates } from './providers/shipping/table-rates.ts';
import { contentTypeOfStoredFile, createDatabaseStorage } from './providers/storage/database.ts';
import { createLocalDiskStorage } from './providers/storage/local-disk.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The sandbox's webhook events (null with Stripe). */
    sandboxEvents: SandboxEvents | null;
    /** Background jobs, one pass each. */
    jobs: {
      releaseStaleCardHolds: () => Promise<string[]>;
      /** The nightly reconciliation of yesterday: the day it reconciled, or null. */
      reconcileYesterday: () => Promise<string | null>;
    };
  }
}

export interface AppDeps {
  config: Readonly<Config>;
  db: Database;
  clock?: Clock;
  /** The built web app (dist/web); served at / when it exists. */
  webRoot?: string;
  /** Generated catalogue images, served at /images/. */
  imagesDir?: string;
  /** Uploaded logos, served at /uploads/ (default DATA_DIR/uploads). */
  uploadsDir?: string;
  logger?: boolean;
  /** Carrier quotes; the built-in table rates by default. */
  shippingRates?: ShippingRates;
  /** The card processor; from config (sandbox or Stripe) by default. */
  payments?: PaymentGateway;
  /** The carrier that books parcels and prints labels; the built-in one by default. */
  carrier?: ShippingCarrier;
  /** How the go-live check reaches the shop's webhook at PUBLIC_URL; the network by default. */
  fetch?: GoLiveDeps['fetch'];
  /**
   * Check every reply against its schema before it is written (tests and development); the
   * production server (server/shop.ts) trusts its typed replies (lib/reply-serializer.ts).
   */
  checkReplies?: boolean;
}

const YEAR_IN_MS = 365 * 24 * 3_600_000;

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db, clock = systemClock } = deps;
  const app = Fastify({
    logger: deps.logger === false ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    bodyLimit: 1024 * 1024,
    // An address the router refuses (a bad escape, an over-long parameter) gets the one error body.
    frameworkErrors: answerRoutingError,
    // Failures are logged by the error handler; a line per request costs more than it tells.
    logController: new LogController({ disableRequestLogging: true }),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(replySerializerCompiler({ checkReplies: deps.checkReplies ?? true }));
  // The built web app, when there is one to serve.
  const webRoot =
    deps.webRoot && existsSync(path.join(deps.webRoot, 'index.html'))
      ? path.resolve(deps.webRoot)
      : undefined;
  registerErrorHandling(app, { servesWebApp: webRoot !== undefined });

  // Helmet's middleware built once, in a callback hook. @fastify/helmet 13 builds it again for every
  // request, in two hooks, one of them async: measured 2026-11-24 on a 2 KB cached JSON answer,
  // 32 connections, four alternating 4 s runs each, 17,970 req/s this way against 12,582 with the
  // plugin, the same headers (docs/decisions/004); again on the whole app's cached showroom, 14
  // alternating runs each: 39-41 µs of CPU a request this way against 69-70 with the plugin.
  const securityHeaders = helmet({
    // TLS is a reverse proxy's job: a shop served over plain http must not ask for https.
    strictTransportSecurity: false,
    contentSecurityPolicy: {
      directives: {
        upgradeInsecureRequests: null,
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        // Mantine sets style attributes at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (error?: unknown) =>
      done(error instanceof Error ? error : undefined),
    );
  });
  await app.register(rateLimit, { global: false });
  // API answers above 1 KB go out compressed when the browser accepts it (the web's own files are
  // compressed once, at build; the catalogue's cached replies once each, cached-reply.ts).
  await app.register(fastifyCompress, {
    threshold: API_COMPRESSION_THRESHOLD,
    encodings: API_ENCODINGS,
    brotliOptions: API_BROTLI_OPTIONS,
  });
  await app.register(swagger, {
    openapi: { info: { title: 'Maple Sock Co. API', version: '1' } },
    transform: jsonSchemaTransform,
  });

  const auth = createAuthService({ db, clock, sessionTtlHours: config.sessionTtlHours });
  registerAuthentication(app, auth);
  registerAccess(app);

  await app.register(authRoutes, {
    auth,
    recovery: createPasswordRecovery({ db, clock, auth, publicUrl: config.publicUrl }),
    loginRateLimit: config.loginRateLimit,
  });
  const settings = createSettingsService(db, config);
  await app.register(settingsRoutes, { settings });
  await app.register(messagesRoutes, { messages: createMessagesService(db) });
  await app.register(loggerRoutes);
  await app.register(adminRoutes, {
    stock: createStockService(db),
    stockCsv: createStockCsvService(db),
    outbox: createOutboxService(db, { smtpUrl: config.smtpUrl, clock }),
  });
  await app.register(staffRoutes, {
    staff: createStaffService({ db, auth, publicUrl: config.publicUrl }),
    audit: createAuditService(db),
  });
  await app.register(setupRoutes, { setup: createSetupService({ db, auth }) });
  await app.register(settingsAdminRoutes, { settingsAdmin: createSettingsAdminService(db) });
  const catalogCache = createCatalogCache();
  const warn = (message: string) => app.log.warn(message);
  const catalogListener = await listenForCatalogChanges(db, catalogCache, { log: warn });
  const visits = createVisitCounter(db, { log: warn });
  app.addHook('onClose', async () => {
    await visits.close();
    await catalogListener.close();
    catalogCache.close();
  });
  const catalog = createCatalogService({ db, cache: catalogCache, clock, visits });
  const sendCached = createReplySender(catalogCache);
  await app.register(catalogRoutes, { catalog, sendCached });
  await app.register(inventoryRoutes, {
    inventory: createInventoryService({ db, cache: catalogCache, catalog }),
    sendCached,
  });
  await app.register(cartRoutes, { cart: createCartService(db, createCartItems(db, catalogCache)) });
  const requests = createRequestsService({ db, publicUrl: config.publicUrl });
  await app.register(requestsRoutes, { requests });
  // On PostgreSQL the files live in the database, so that every instance serves what one stored;
  // embedded PGlite is one instance, and the local disk does.
  const fileStorage = (folder: string, directory?: string) =>
    embeddedDatabase(db)
      ? createLocalDiskStorage(directory ?? path.join(config.dataDir, folder))
      : createDatabaseStorage(db, contentTypeOfStoredFile);
  const uploadStorage = fileStorage('uploads', deps.uploadsDir);
  await app.register(catalogueRoutes, {
    catalogue: createCatalogueService(db),
    media: createMediaService(fileStorage('media', deps.uploadsDir && path.join(deps.uploadsDir, 'media'))),
  });
  await app.register(uploadsRoutes, { uploads: createUploadsService({ db, storage: uploadStorage }) });
  await app.register(addressRoutes, { addresses: createAddressService(db) });
  await app.register(wishlistRoutes, { wishlist: createWishlistService(db) });
  await app.register(ordersRoutes, { db });
  const shippingRates = deps.shippingRates ?? createTableRates();
  const gateway = deps.payments ?? createPaymentGateway(config, db, clock);
  // The sandbox signs its events with the configured secret, or one of its own, and delivers them
  // to this app's webhook route, as Stripe would (so the live path runs with the sandbox too).
  const webhookSecret =
    config.stripeWebhookSecret ?? (gateway.provider === 'sandbox' ? newWebhookSecret() : undefined);
  const sandboxEvents =
    gateway.provider === 'sandbox' && webhookSecret
      ? withSandboxEvents(gateway, {
          secret: webhookSecret,
          clock,
          log: (message, error) => app.log.error({ err: error }, message),
          deliver: async (body, signature) =>
            (
              await app.inject({
                method: 'POST',
                url: '/api/stripe/webhook',
                headers: { 'content-type': 'application/json', 'stripe-signature': signature },
                payload: body,
              })
            ).statusCode,
        })
      : undefined;
  const payments = sandboxEvents?.gateway ?? gateway;
  const checkout = createCheckoutService({
    db,
    payments,
    shippingRates,
    clock,
    log: (message, error) => app.log.error({ err: error }, message),
  });
  await app.register(checkoutRoutes, { settings, shipping: createShippingService(shippingRates), checkout });
  const orderRefunds = createOrderRefunds({
    db,
    payments,
    log: (message, error) => app.log.error({ err: error }, message),
  });
  const carrier = deps.carrier ?? createSandboxCarrier(db, shippingRates, clock);
  await app.register(ordersAdminRoutes, {
    ordersAdmin: createOrdersAdminService({ db, refunds: orderRefunds, carrier, rates: shippingRates }),
    carrier,
  });
  const receipts = createReceiptsService({ db, payments, clock });
  const logError = (message: string, error?: unknown) => app.log.error({ err: error }, message);
  const registerSales = createRegisterSales({ db, payments, receiptsService: receipts, log: logError });
  const pos = createPosService({
    db,
    payments,
    clock,
    orderRefunds,
    receiptsService: receipts,
    log: logError,
  });
  const posCheckout = createPosCheckoutService({
    db,
    payments,
    registerSales,
    clock,
    publicUrl: config.publicUrl,
  });
  await app.register(posRoutes, { settings, pos, posCheckout, receipts });
  await app.register(webhooksRoutes, {
    webhooks: createWebhooksService({
      db,
      payments,
      secret: webhookSecret,
      clock,
      posCheckout,
      pos,
      orderRefunds,
    }),
  });
  // Tests wait for the sandbox's events to be delivered before they look at what they changed.
  app.decorate('sandboxEvents', sandboxEvents ?? null);
  // Run on a schedule by server/main.ts (and by tests, once).
  const reconciliation = createReconciliation({ db, payments, clock });
  app.decorate('jobs', {
    releaseStaleCardHolds: createAuthorizationRelease({ db, payments, clock, log: logError })
      .releaseStaleHolds,
    reconcileYesterday: reconciliation.reconcileYesterday,
  });
  if (sandboxEvents) app.addHook('onClose', () => sandboxEvents.close());
  await app.register(registerSalesRoutes, {
    sales: registerSales,
    returns: createRegisterReturns({
      db,
      payments,
      clock,
      registerSales,
      receiptsService: receipts,
      log: logError,
    }),
  });
  await app.register(shiftsRoutes, { shifts: createShiftsService({ db, clock }) });
  await app.register(posCatalogueRoutes, { catalogue: createPosCatalogueService(db) });
  await app.register(offersRoutes, { offers: createOffersService(db) });
  await app.register(readersRoutes, { readers: createReadersService({ db, payments }) });
  await app.register(goLiveRoutes, { goLive: goLiveDeps(config, payments, deps.fetch) });
  await app.register(reconciliationRoutes, { reconciliation });
  await app.register(reportsRoutes, { reports: createReportsService({ db, clock }) });
  await app.register(requestsAdminRoutes, { requests: createRequestsAdminService(db) });
  await app.register(invoicesRoutes, { invoices: createInvoicesService({ db, clock }) });
  app.get('/api/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, () => app.swagger());

  if (deps.imagesDir) {
    await app.register(fastifyStatic, {
      root: path.resolve(deps.imagesDir),
      prefix: '/images/',
      decorateReply: false,
      maxAge: YEAR_IN_MS,
      immutable: true,
    });
  }
  if (webRoot) {
    await app.register(fastifyStatic, {
      root: webRoot,
      prefix: '/',
      decorateReply: false,
      // The build's .br and .gz copies, as the browser accepts them (Content-Encoding, Vary).
      preCompressed: true,
      // Hashed assets never change; index.html must always be revalidated.
      setHeaders(reply, filePath) {
        const cache = filePath.includes(`${path.sep}assets${path.sep}`)
          ? 'public, max-age=31536000, immutable'
          : 'no-cache';
        reply.header('cache-control', cache);
      },
    });
  }
  return app;
}
