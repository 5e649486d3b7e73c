import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  countrySchema,
  provinceSchema,
  saveAddressSchema,
  savedAddressSchema,
} from '../../../domain/address.ts';
import { idSchema } from '../../../domain/validation.ts';
import type { AddressService } from './addresses.service.ts';

/** Spec storefront §7 Account: addresses, countries and provinces. */
export const addressRoutes: FastifyPluginAsyncZod<{ addresses: AddressService }> = async (
  app,
  { addresses },
) => {
  app.get(
    '/api/Address/countries',
    { config: { access: 'public' }, schema: { response: { 200: z.array(countrySchema) } } },
    () => addresses.countries(),
  );
  app.get(
    '/api/Address/:country/province',
    {
      config: { access: 'public' },
      schema: {
        params: z.object({ country: z.string().regex(/^[A-Za-z]{2}$/, 'Country must be a 2-letter code.') }),
        response: { 200: z.array(provinceSchema) },
      },
    },
    (request) => addresses.provinces(request.params.country),
  );
  app.get(
    '/api/Address/client/:client_id',
    {
      config: { access: { owner: 'client_id' } },
      schema: { params: z.object({ client_id: idSchema }), response: { 200: z.array(savedAddressSchema) } },
    },
    (request) => addresses.listForClient(request.caller),
  );
  app.get(
    '/api/Address/:id',
    {
      config: { access: 'client' },
      schema: { params: z.object({ id: idSchema }), response: { 200: savedAddressSchema } },
    },
    (request) => addresses.get(request.caller, request.params.id),
  );
  // A billing address "same as shipping" needs none of the fields: the schema says which is which.
  app.post(
    '/api/Address',
    {
      config: { access: 'client' },
      schema: { body: saveAddressSchema, response: { 200: savedAddressSchema } },
    },
    (request) => addresses.save(request.caller, request.body),
  );
};
