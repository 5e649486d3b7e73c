import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cartChangeSchema, cartOwnerSchema, cartSchema } from '../../../domain/cart.ts';
import type { CartService } from './cart.service.ts';

/** Spec storefront §7 Cart. The userId of every body must be the caller (checked before validation). */
export const cartRoutes: FastifyPluginAsyncZod<{ cart: CartService }> = async (app, { cart }) => {
  const reply = { response: { 200: cartSchema } };
  app.post(
    '/api/getcart',
    { config: { access: 'client' }, schema: { body: cartOwnerSchema, ...reply } },
    (request) => cart.get(request.caller),
  );
  app.post(
    '/api/addcart',
    { config: { access: 'client' }, schema: { body: cartChangeSchema, ...reply } },
    (request) => cart.add(request.caller, request.body),
  );
  app.post(
    '/api/updatecart',
    { config: { access: 'client' }, schema: { body: cartChangeSchema, ...reply } },
    (request) => cart.update(request.caller, request.body),
  );
  app.post(
    '/api/emptycart',
    { config: { access: 'client' }, schema: { body: cartOwnerSchema, ...reply } },
    (request) => cart.empty(request.caller),
  );
};
