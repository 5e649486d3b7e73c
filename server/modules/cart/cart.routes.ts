import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cartChangeSchema, cartOwnerSchema, cartSchema } from '../../../domain/cart.ts';
import { requireUser } from '../auth/authenticate.ts';
import type { CartService } from './cart.service.ts';

/** Spec storefront §7 Cart. The userId of every body must be the caller (checked before validation). */
export const cartRoutes: FastifyPluginAsyncZod<{ cart: CartService }> = async (app, { cart }) => {
  const reply = { response: { 200: cartSchema } };
  app.post('/api/getcart', { schema: { body: cartOwnerSchema, ...reply } }, (request) =>
    cart.get(requireUser(request)),
  );
  app.post('/api/addcart', { schema: { body: cartChangeSchema, ...reply } }, (request) =>
    cart.add(requireUser(request), request.body),
  );
  app.post('/api/updatecart', { schema: { body: cartChangeSchema, ...reply } }, (request) =>
    cart.update(requireUser(request), request.body),
  );
  app.post('/api/emptycart', { schema: { body: cartOwnerSchema, ...reply } }, (request) =>
    cart.empty(requireUser(request)),
  );
};
