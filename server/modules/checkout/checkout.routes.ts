import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { provinceTaxRateSchema } from '../../../domain/config.ts';
import {
  authenticationRequestSchema,
  confirmRequestSchema,
  confirmResultSchema,
  paymentMethodSchema,
  paymentRequestSchema,
  paymentResultSchema,
  sandboxAuthenticationSchema,
  sandboxCardSchema,
} from '../../../domain/orders.ts';
import {
  carrierSchema,
  quoteReplySchema,
  quoteRequestSchema,
  shippingFeeRequestSchema,
  shippingFeeSchema,
} from '../../../domain/shipping.ts';
import { AppError } from '../../lib/errors.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { CheckoutService } from './checkout.service.ts';
import type { ShippingService } from './shipping.service.ts';

/** Card attempts per client (or address) in ten minutes: a brake on card testing. */
export const CARD_ATTEMPT_LIMIT = 20;

/** Tax, shipping fee and carrier quotes (spec storefront §7 Payment and tax, Shipping). */
export interface CheckoutRoutesOptions {
  settings: SettingsService;
  shipping: ShippingService;
  checkout: CheckoutService;
}

export const checkoutRoutes: FastifyPluginAsyncZod<CheckoutRoutesOptions> = async (
  app,
  { settings, shipping, checkout },
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
    () => ({ publicKey: settings.paymentPublicKey() }),
  );

  app.post(
    '/api/Payment/sandbox/paymentmethod',
    {
      config: { access: 'client', ...cardAttempts },
      schema: { body: sandboxCardSchema, response: { 200: paymentMethodSchema } },
    },
    (request) => checkout.createSandboxPaymentMethod(request.caller, request.body),
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
    '/api/Payment/authentication',
    {
      config: { access: 'client' },
      schema: { body: authenticationRequestSchema, response: { 200: paymentResultSchema } },
    },
    (request) => checkout.authentication(request.caller, request.body.paymentIntentId),
  );

  app.post(
    '/api/Payment/sandbox/authenticate',
    {
      config: { access: 'client' },
      schema: { body: sandboxAuthenticationSchema },
    },
    async (request, reply) => {
      await checkout.sandboxAuthenticate(request.caller, request.body);
      return reply.code(204).send();
    },
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
        response: { 200: provinceTaxRateSchema },
      },
    },
    (request) => settings.provinceTaxRate(request.params.province),
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
        response: { 200: quoteReplySchema },
      },
    },
    (request) => shipping.quote(request.body),
  );

  app.get(
    '/api/Shipping/shippingcarriers',
    {
      config: { access: 'client' },
      schema: { response: { 200: z.array(carrierSchema) } },
    },
    () => shipping.carriers(),
  );
};
