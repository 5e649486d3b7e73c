import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminOrderSchema,
  adminOrdersPageSchema,
  adminOrdersQuerySchema,
  cancelOrderSchema,
  carrierAccountSchema,
  orderDocumentsQuerySchema,
  orderNumberParamsSchema,
  refundOrderSchema,
  shipmentListSchema,
  shipmentReplySchema,
  type shipmentSchema,
  shipOrderSchema,
  shipOrdersResultSchema,
  shipOrdersSchema,
  shippingOrderRequestSchema,
} from '../../../domain/admin/orders.ts';
import { idempotencyKeySchema } from '../../lib/idempotency.ts';
import { CarrierError, type Shipment, type ShippingCarrier } from '../../providers/shipping/carrier.ts';
import type { OrdersAdminService } from './orders-admin.service.ts';

export interface OrdersAdminRoutesOptions {
  ordersAdmin: OrdersAdminService;
  carrier: ShippingCarrier;
}

const refundHeaders = z.looseObject({ 'idempotency-key': idempotencyKeySchema });

/** What the spec's shipping calls show of a shipment (no phone or e-mail of the client). */
function shipmentView(shipment: Shipment): z.infer<typeof shipmentSchema> {
  const { consignee } = shipment;
  return {
    id: shipment.id,
    orderNo: shipment.orderNo,
    productCode: shipment.productCode,
    productName: shipment.productName,
    trackingNumber: shipment.trackingNumber,
    status: shipment.status,
    totalPrice: shipment.totalPrice,
    createdAt: shipment.createdAt,
    consignee: {
      name: consignee.name,
      city: consignee.city,
      province: consignee.province,
      postCode: consignee.postCode,
    },
  };
}

/**
 * Web orders in the back office (DESIGN.md "The owner's back office"), and the storefront spec's
 * shipping calls (§5 Shipping) on the carrier. ADMIN only.
 */
export const ordersAdminRoutes: FastifyPluginAsyncZod<OrdersAdminRoutesOptions> = async (
  app,
  { ordersAdmin, carrier },
) => {
  const admin = { access: 'admin' } as const;

  app.get(
    '/api/admin/orders',
    {
      config: admin,
      schema: { querystring: adminOrdersQuerySchema, response: { 200: adminOrdersPageSchema } },
    },
    (request) => ordersAdmin.list(request.query),
  );

  /** One PDF to print: the labels or the packing slips of several orders. */
  app.get(
    '/api/admin/orders/documents',
    { config: admin, schema: { querystring: orderDocumentsQuerySchema } },
    async (request, reply) => {
      const { kind, orders } = request.query;
      const pdf = await ordersAdmin.documents(kind, orders);
      const name = orders.length === 1 ? `${kind}-${orders[0]}` : `${kind}-${orders.length}-orders`;
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${name}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  app.post(
    '/api/admin/orders/ship',
    { config: admin, schema: { body: shipOrdersSchema, response: { 200: shipOrdersResultSchema } } },
    (request) => ordersAdmin.shipMany(request.caller, request.body.orderNumbers, request.body.productCode),
  );

  app.get(
    '/api/admin/orders/:orderNumber',
    { config: admin, schema: { params: orderNumberParamsSchema, response: { 200: adminOrderSchema } } },
    (request) => ordersAdmin.get(request.params.orderNumber),
  );

  app.post(
    '/api/admin/orders/:orderNumber/ship',
    {
      config: admin,
      schema: { params: orderNumberParamsSchema, body: shipOrderSchema, response: { 200: adminOrderSchema } },
    },
    async (request) => {
      await ordersAdmin.ship(request.caller, request.params.orderNumber, request.body);
      return ordersAdmin.get(request.params.orderNumber);
    },
  );

  app.post(
    '/api/admin/orders/:orderNumber/deliver',
    { config: admin, schema: { params: orderNumberParamsSchema, response: { 200: adminOrderSchema } } },
    async (request) => {
      await ordersAdmin.deliver(request.caller, request.params.orderNumber);
      return ordersAdmin.get(request.params.orderNumber);
    },
  );

  app.post(
    '/api/admin/orders/:orderNumber/cancel',
    {
      config: admin,
      schema: {
        params: orderNumberParamsSchema,
        body: cancelOrderSchema.optional(),
        response: { 200: adminOrderSchema },
      },
    },
    async (request) => {
      await ordersAdmin.cancel(request.caller, request.params.orderNumber);
      return ordersAdmin.get(request.params.orderNumber);
    },
  );

  app.post(
    '/api/admin/orders/:orderNumber/refund',
    {
      config: admin,
      schema: {
        params: orderNumberParamsSchema,
        headers: refundHeaders,
        body: refundOrderSchema,
        response: { 200: adminOrderSchema },
      },
    },
    async (request) => {
      await ordersAdmin.refund(
        request.caller,
        request.params.orderNumber,
        request.headers['idempotency-key'],
        request.body,
      );
      return ordersAdmin.get(request.params.orderNumber);
    },
  );

  // ------------------------------------------------------------ the spec's shipping calls

  app.post(
    '/api/shipping/createorder',
    { config: admin, schema: { body: shippingOrderRequestSchema, response: { 200: shipmentReplySchema } } },
    async (request) => ({
      success: true,
      result: shipmentView(await ordersAdmin.book(Number(request.body.orderNo), request.body.productCode)),
    }),
  );

  app.post(
    '/api/shipping/saveorder',
    { config: admin, schema: { body: shippingOrderRequestSchema, response: { 200: shipmentReplySchema } } },
    async (request) => ({
      success: true,
      result: shipmentView(await ordersAdmin.shipBooked(request.caller, Number(request.body.orderNo))),
    }),
  );

  app.post(
    '/api/shipping/getshippinglist',
    { config: admin, schema: { response: { 200: shipmentListSchema } } },
    async () => ({ success: true, result: (await carrier.listShipments(100)).map(shipmentView) }),
  );

  app.post(
    '/api/shipping/OrderInfo',
    { config: admin, schema: { body: shippingOrderRequestSchema, response: { 200: shipmentReplySchema } } },
    async (request) => {
      const shipment = await carrier.shipment(request.body.orderNo);
      if (!shipment)
        throw new CarrierError(
          'shipment_not_found',
          `No shipment was booked for order ${request.body.orderNo}.`,
        );
      return { success: true, result: shipmentView(shipment) };
    },
  );

  app.get(
    '/api/shipping/accountInfo',
    { config: admin, schema: { response: { 200: carrierAccountSchema } } },
    async () => ({ success: true, result: await carrier.account() }),
  );

  app.post(
    '/api/shipping/label',
    { config: admin, schema: { body: shippingOrderRequestSchema } },
    async (request, reply) => {
      const pdf = await ordersAdmin.label(request.body.orderNo);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="label-${request.body.orderNo}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
};
