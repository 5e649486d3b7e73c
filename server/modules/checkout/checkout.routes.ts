import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { shippingFeeRequestSchema, shippingFeeSchema } from '../../../domain/shipping.ts';
import type { Database } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import type { ShippingRates } from '../../providers/shipping/shipping-rates.ts';
import { requireUser } from '../auth/authenticate.ts';
import { loadCart } from '../cart/cart.service.ts';
import { provinceTaxRatePpm } from '../settings/settings.service.ts';
import { shippingFeeFor } from './shipping.service.ts';

const quoteRequestSchema = z.strictObject({
  customerNo: z.string().max(50).optional(),
  orderWeight: z.number().min(0).optional(),
  productCode: z.string().max(50).optional(),
  consigneeShipper: z.looseObject({
    countryCode: z.string().trim().toUpperCase().length(2, 'Country must be a 2-letter code.'),
    stateOrProvince: z.string().trim().min(1, 'Province is required.').max(50),
    postCode: z.string().trim().max(15).default(''),
  }),
  boxList: z
    .array(
      z.looseObject({
        boxLength: z.number().positive(),
        boxWidth: z.number().positive(),
        boxHeight: z.number().positive(),
        boxWeight: z.number().positive(),
        quantity: z.number().int().positive().default(1),
      }),
    )
    .min(1, 'At least one box is required.')
    .max(50),
  goodsList: z.array(z.looseObject({})).max(200).optional(),
});

const quoteSchema = z.object({
  productName: z.string(),
  productCode: z.string(),
  totalPrice: z.number().int(),
  effectiveTime: z.string(),
  currencyCode: z.string(),
});

/** Tax, shipping fee and carrier quotes (spec storefront §7 Payment and tax, Shipping). */
export const checkoutRoutes: FastifyPluginAsyncZod<{ db: Database; shippingRates: ShippingRates }> = async (
  app,
  { db, shippingRates },
) => {
  app.get(
    '/api/Tax/:province',
    {
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
      if (ppm === 0) throw notFound(`The tax rate of ${province}`);
      return { province, tax_rate: ppm / 1_000_000 };
    },
  );

  app.post(
    '/api/Payment/shippingfee',
    { schema: { body: shippingFeeRequestSchema, response: { 200: shippingFeeSchema } } },
    async (request) => {
      const user = requireUser(request);
      const { address } = request.body;
      const cart = await loadCart(db, user.id);
      return shippingFeeFor(db, shippingRates, cart, {
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
      schema: {
        body: quoteRequestSchema,
        response: { 200: z.object({ success: z.boolean(), result: z.array(quoteSchema) }) },
      },
    },
    async (request) => {
      requireUser(request);
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
    { schema: { response: { 200: z.array(z.object({ code: z.string(), name: z.string() })) } } },
    (request) => {
      requireUser(request);
      return shippingRates.carriers();
    },
  );
};
