import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  checkoutSessionCreatedSchema,
  createCheckoutSessionSchema,
  posPriceListSchema,
  posProductListSchema,
  sandboxCheckoutPaySchema,
  sandboxCheckoutSchema,
} from '../../../domain/pos/checkout.ts';
import { posIdParamsSchema } from '../../../domain/pos/fields.ts';
import { sendResultSchema } from '../../../domain/pos/invoices.ts';
import {
  cancelPaymentSchema,
  createPaymentIntentSchema,
  getUserReaderSchema,
  paymentIntentCreatedSchema,
  posReaderSchema,
  processPaymentSchema,
  readerListSchema,
  readerStatusListSchema,
  readerSummarySchema,
  savedPaymentDetailSchema,
  saveUserPaymentDetailSchema,
  simulatePaymentSchema,
  updateUserReaderSchema,
  userReaderSchema,
} from '../../../domain/pos/readers.ts';
import {
  createReceiptSchema,
  receiptCreatedSchema,
  receiptSchema,
  sellerSchema,
  sendReceiptSchema,
} from '../../../domain/pos/receipts.ts';
import {
  chargeSearchSchema,
  posChargeListSchema,
  refundRequestSchema,
  refundResultSchema,
} from '../../../domain/pos/refunds.ts';
import { saleSchema } from '../../../domain/pos/register.ts';
import { posTaxRateSchema } from '../../../domain/pos/sale.ts';
import { idempotencyKeySchema } from '../../lib/idempotency.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { PosService } from './pos.service.ts';
import type { PosCheckoutService } from './pos-checkout.service.ts';
import type { ReceiptsService } from './receipts.service.ts';

export interface PosRoutesOptions {
  settings: SettingsService;
  pos: PosService;
  posCheckout: PosCheckoutService;
  receipts: ReceiptsService;
}

/** reader_id names the caller's card reader (spec §6). */
const readerHeaders = z.looseObject({
  reader_id: z.string().max(255, 'The reader_id header is too long.').optional(),
});

/** A refund also carries its attempt's Idempotency-Key: a retried request never refunds twice. */
const refundHeaders = readerHeaders.extend({ 'idempotency-key': idempotencyKeySchema });

const sessionParams = z.strictObject({
  id: z.string().regex(/^cs_[A-Za-z0-9_]{1,250}$/, 'This is not a checkout session.'),
});

/** The POS back office (spec pos.md §7), for POS staff. */
export const posRoutes: FastifyPluginAsyncZod<PosRoutesOptions> = async (
  app,
  { settings, pos, posCheckout, receipts },
) => {
  // ------------------------------------------------------------ readers

  app.post(
    '/api/pos/get_reader',
    { config: { access: 'pos' }, schema: { headers: readerHeaders, response: { 200: posReaderSchema } } },
    (request) => pos.getReader(request.caller, request.headers.reader_id),
  );

  app.post(
    '/api/pos/list_reader',
    { config: { access: 'pos' }, schema: { response: { 200: readerListSchema } } },
    async () => (await pos.listReaders()).map(({ id, name }) => ({ id, name })),
  );

  app.post(
    '/api/pos/showreaders',
    { config: { access: 'pos' }, schema: { response: { 200: readerStatusListSchema } } },
    () => pos.listReaders(),
  );

  app.post(
    '/api/pos/GetUserReader',
    { config: { access: 'pos' }, schema: { body: getUserReaderSchema, response: { 200: userReaderSchema } } },
    (request) => pos.getUserReader(request.caller),
  );

  app.post(
    '/api/pos/update_user_reader',
    {
      config: { access: 'pos' },
      schema: { body: updateUserReaderSchema, response: { 200: readerSummarySchema } },
    },
    (request) => pos.updateUserReader(request.caller, request.body.reader_id),
  );

  // ------------------------------------------------------------ payments through a reader

  app.post(
    '/api/pos/create_payment_intent',
    {
      config: { access: 'pos' },
      schema: { body: createPaymentIntentSchema, response: { 200: paymentIntentCreatedSchema } },
    },
    (request) => pos.createPaymentIntent(request.caller, request.body),
  );

  app.post(
    '/api/pos/process_payment',
    { config: { access: 'pos' }, schema: { body: processPaymentSchema, response: { 200: posReaderSchema } } },
    (request) => pos.processPayment(request.caller, request.body.readerId, request.body.paymentIntentId),
  );

  app.post(
    '/api/pos/simulate_payment',
    {
      config: { access: 'pos' },
      schema: { headers: readerHeaders, body: simulatePaymentSchema, response: { 200: posReaderSchema } },
    },
    (request) =>
      pos.simulate(request.caller, request.headers.reader_id, 'card_present', request.body?.number),
  );

  app.post(
    '/api/pos/simulate_interac_payment',
    {
      config: { access: 'pos' },
      schema: { headers: readerHeaders, body: simulatePaymentSchema, response: { 200: posReaderSchema } },
    },
    (request) =>
      pos.simulate(request.caller, request.headers.reader_id, 'interac_present', request.body?.number),
  );

  app.post(
    '/api/pos/cancel_payment',
    { config: { access: 'pos' }, schema: { body: cancelPaymentSchema, response: { 200: posReaderSchema } } },
    (request) => pos.cancel(request.caller, request.body.id),
  );

  app.post(
    '/api/pos/save_user_payment_detail',
    {
      config: { access: 'pos' },
      schema: { body: saveUserPaymentDetailSchema, response: { 200: savedPaymentDetailSchema } },
    },
    (request) => pos.savePaymentDetail(request.caller, request.body),
  );

  app.get(
    '/api/pos/tax-rate',
    { config: { access: 'pos' }, schema: { response: { 200: posTaxRateSchema } } },
    () => settings.storeTaxRate(),
  );

  // ------------------------------------------------------------ card checkout without a reader

  app.post(
    '/api/pos/list_products',
    { config: { access: 'pos' }, schema: { response: { 200: posProductListSchema } } },
    () => posCheckout.listProducts(),
  );

  app.post(
    '/api/pos/list_prices',
    { config: { access: 'pos' }, schema: { response: { 200: posPriceListSchema } } },
    () => posCheckout.listPrices(),
  );

  app.post(
    '/api/pos/create-checkout-session',
    {
      config: { access: 'pos' },
      schema: { body: createCheckoutSessionSchema, response: { 200: checkoutSessionCreatedSchema } },
    },
    (request) => posCheckout.createCheckoutSession(request.caller, request.body),
  );

  app.post(
    '/api/pos/checkout-sessions/:id/complete',
    { config: { access: 'pos' }, schema: { params: sessionParams, response: { 200: saleSchema } } },
    (request) => posCheckout.complete(request.caller, request.params.id),
  );

  app.get(
    '/api/pos/sandbox-checkout/:id',
    {
      config: { access: 'pos' },
      schema: { params: sessionParams, response: { 200: sandboxCheckoutSchema } },
    },
    (request) => posCheckout.sandboxCheckout(request.params.id),
  );

  app.post(
    '/api/pos/sandbox-checkout/:id',
    {
      config: { access: 'pos', rateLimit: { max: 20, timeWindow: '10 minutes' } },
      schema: {
        params: sessionParams,
        body: sandboxCheckoutPaySchema,
        response: { 200: sandboxCheckoutSchema },
      },
    },
    (request) => posCheckout.paySandboxCheckout(request.params.id, request.body),
  );

  // ------------------------------------------------------------ refunds

  app.post(
    '/api/pos/search-charge',
    {
      config: { access: 'pos' },
      schema: { body: chargeSearchSchema, response: { 200: posChargeListSchema } },
    },
    (request) => pos.searchCharges(request.body),
  );

  app.post(
    '/api/pos/refund',
    {
      config: { access: 'pos' },
      schema: { headers: refundHeaders, body: refundRequestSchema, response: { 200: refundResultSchema } },
    },
    (request) =>
      pos.refund(request.caller, request.headers.reader_id, request.headers['idempotency-key'], request.body),
  );

  app.post(
    '/api/pos/refund-interac',
    {
      config: { access: 'pos' },
      schema: { headers: refundHeaders, body: refundRequestSchema, response: { 200: posReaderSchema } },
    },
    (request) =>
      pos.refundInterac(
        request.caller,
        request.headers.reader_id,
        request.headers['idempotency-key'],
        request.body,
      ),
  );

  // ------------------------------------------------------------ receipts

  app.post(
    '/api/pos/receipts',
    {
      config: { access: 'pos' },
      schema: { body: createReceiptSchema, response: { 200: receiptCreatedSchema } },
    },
    (request) => receipts.create(request.caller, request.body),
  );

  app.get('/api/pos/seller', { config: { access: 'pos' }, schema: { response: { 200: sellerSchema } } }, () =>
    receipts.seller(),
  );

  app.get(
    '/api/pos/receipts/:id',
    { config: { access: 'pos' }, schema: { params: posIdParamsSchema, response: { 200: receiptSchema } } },
    (request) => receipts.get(request.params.id),
  );

  app.post(
    '/api/pos/receipts/:id/send',
    {
      config: { access: 'pos' },
      schema: { params: posIdParamsSchema, body: sendReceiptSchema, response: { 200: sendResultSchema } },
    },
    (request) => receipts.send(request.params.id, request.body.email),
  );

  app.get(
    '/api/pos/receipts/:id/pdf',
    { config: { access: 'pos' }, schema: { params: posIdParamsSchema } },
    async (request, reply) => {
      const { receipt, pdf } = await receipts.pdf(request.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="receipt-${receipt.receipt_number}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
};
