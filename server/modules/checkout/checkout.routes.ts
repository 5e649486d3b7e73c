import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  confirmRequestSchema,
  confirmResultSchema,
  paymentMethodSchema,
  paymentRequestSchema,
  paymentResultSchema,
  sandboxCardSchema,
} from '../../../domain/orders.ts';
import { quoteRequestSchema, shippingFeeRequestSchema, shippingFeeSchema } from '../../../domain/shipping.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { ShippingRates } from '../../providers/shipping/shipping-rates.ts';
import { paymentPublicKey, provinceTaxRatePpm } from '../settings/settings.service.ts';
import type { CheckoutService } from './checkout.service.ts';

/** Card attempts per client (or address) in ten minutes: a brake on card testing. */
export const CARD_ATTEMPT_LIMIT = 20;

const quoteSchema = z.object({
  productName: z.string(),
  productCode: z.string(),
  totalPrice: z.number().int(),
  effectiveTime: z.string(),
  currencyCode: z.string(),
});

/** Tax, shipping fee and carrier quotes (spec storefront §7 Payment and tax, Shipping). */
export interface CheckoutRoutesOptions {
  db: Database;
  config: Pick<Config, 'paymentProvider' | 'stripePublishableKey'>;
  shippingRates: ShippingRates;
  checkout: CheckoutService;
}

export const checkoutRoutes: FastifyPluginAsyncZod<CheckoutRoutesOptions> = async (
  app,
  { db, config, shippingRates, checkout },
) => {
  const cardAttempts = {
    rateLimit: {
      max: CARD_ATTEMPT_LIMIT,
      timeWindow: '10 minutes',
      keyGenerator: (request: { user: { id: number } | null; ip: string }) =>
        request.user ? `client:${request.user.id}` : request.ip,
      errorResponseBuilder: () =>
        new AppError(
          'rate_limited',
          'Too many payment attempts. Please wait a few minutes and try again.',
          429,
        ),
    },
  };

  app.get(
    '/api/Payment/publickey',
    { config: { access: 'public' }, schema: { response: { 200: z.object({ publicKey: z.string() }) } } },
    () => ({
      publicKey: paymentPublicKey(config),
    }),
  );

  app.post(
    '/api/Payment/sandbox/paymentmethod',
    {
      config: { access: 'client', ...cardAttempts },
      schema: { body: sandboxCardSchema, response: { 200: paymentMethodSchema } },
    },
    async (request) => {
      const method = await checkout.createSandboxPaymentMethod(request.caller, request.body);
      const card = method.card;
      return {
        id: method.id,
        card: {
          brand: card?.brand ?? 'unknown',
          last4: card?.last4 ?? '',
          exp_month: card?.exp_month ?? 0,
          exp_year: card?.exp_year ?? 0,
        },
      };
    },
  );

  app.post(
    '/api/Payment',
    {
      config: { access: 'client', ...cardAttempts },
      schema: { body: paymentRequestSchema, response: { 200: paymentResultSchema } },
    },
    (request) => checkout.pay(request.caller, request.body.paymentMethodId),
  );

  app.post(
    '/api/Payment/confirm',
    {
      config: { access: 'client' },
      schema: { body: confirmRequestSchema, response: { 200: confirmResultSchema } },
    },
    (request) => checkout.confirm(request.caller, request.body.paymentIntentId),
  );

  app.get(
    '/api/Tax/:province',
    {
      config: { access: 'public' },
      schema: {
        params: z.object({
          province: z.string().regex(/^[A-Za-z]{2}$/, 'Province must be a 2-letter code.'),
        }),
        response: { 200: z.object({ province: z.string(), tax_rate: z.number() }) },
      },
    },
    async (request) => {
      const province = request.params.province.toUpperCase();
      const ppm = await provinceTaxRatePpm(db, province);
      if (ppm === undefined) throw notFound(`The tax rate of ${province}`);
      return { province, tax_rate: ppm / 1_000_000 };
    },
  );

  app.post(
    '/api/Payment/shippingfee',
    {
      config: { access: 'client' },
      schema: { body: shippingFeeRequestSchema, response: { 200: shippingFeeSchema } },
    },
    async (request) => {
      const { address } = request.body;
      return checkout.shippingFee(request.caller, {
        province: address.province,
        postalcode: address.postalcode,
        countryCode: address.country_code,
      });
    },
  );

  // Quotes in cents; box sizes in millimetres and weights in grams, as everywhere in the shop.
  app.post(
    '/api/shipping/calculate',
    {
      config: { access: 'client' },
      schema: {
        body: quoteRequestSchema,
        response: { 200: z.object({ success: z.boolean(), result: z.array(quoteSchema) }) },
      },
    },
    async (request) => {
      const { consigneeShipper, boxList } = request.body;
      let volume = 0;
      let weight = 0;
      for (const box of boxList) {
        volume += box.boxLength * box.boxWidth * box.boxHeight * box.quantity;
        weight += box.boxWeight * box.quantity;
      }
      const result = await shippingRates.quote(
        { sideMm: Math.ceil(Math.cbrt(volume)), weightG: Math.ceil(weight) },
        {
          province: consigneeShipper.stateOrProvince,
          postalcode: consigneeShipper.postCode,
          countryCode: consigneeShipper.countryCode,
        },
      );
      return { success: result.length > 0, result };
    },
  );

  app.get(
    '/api/Shipping/shippingcarriers',
    {
      config: { access: 'client' },
      schema: { response: { 200: z.array(z.object({ code: z.string(), name: z.string() })) } },
    },
    () => shippingRates.carriers(),
  );
};
