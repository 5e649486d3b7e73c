import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import {
  sandboxCheckoutSessions,
  sandboxPaymentIntents,
  sandboxPrices,
  sandboxProducts,
} from '../../../db/schema.ts';
import { isUniqueViolation } from '../../../lib/db-errors.ts';
import { checkAmount, resourceMissing } from '../errors.ts';
import {
  CHECKOUT_SESSION_ID_TEMPLATE,
  type CheckoutLineItem,
  type CheckoutSession,
  type CheckoutSessionParams,
  PaymentError,
  type PaymentGateway,
  type Price,
  type Product,
  type SandboxOperations,
  STORE_CURRENCY,
} from '../gateway.ts';
import { checkCard } from '../test-cards.ts';
import type { SandboxContext } from './context.ts';
import type { Ledger } from './ledger.ts';
import { newId, SESSION_LIFETIME_MS, type SessionRow, seconds } from './rows.ts';

/** Stripe's refusals of an inline price: a name, and a whole number of cents not below 0. */
function checkPriceData(priceData: { name: string; unitAmount: number }, index: number): void {
  const param = `line_items[${index}][price_data]`;
  if (priceData.name.trim() === '') {
    throw new PaymentError({
      type: 'invalid_request_error',
      code: 'parameter_missing',
      param: `${param}[product_data][name]`,
      message: `Missing required param: ${param}[product_data][name].`,
    });
  }
  if (!Number.isSafeInteger(priceData.unitAmount) || priceData.unitAmount < 0) {
    throw new PaymentError({
      type: 'invalid_request_error',
      code: 'parameter_invalid_integer',
      param: `${param}[unit_amount]`,
      message: 'This value must be greater than or equal to 0.',
    });
  }
}

type CheckoutOperations = Pick<
  PaymentGateway,
  'createCheckoutSession' | 'retrieveCheckoutSession' | 'listProducts' | 'listPrices'
> &
  Pick<SandboxOperations, 'completeCheckoutSession' | 'expireCheckoutSessions'>;

/** Hosted checkout sessions (the sandbox's own payment page pays them), products and prices. */
export function createCheckoutOperations(
  { db, clock, ready, checkoutUrl }: SandboxContext,
  ledger: Ledger,
): CheckoutOperations {
  const { lockIntent, charge, insertCardMethod } = ledger;

  function toSession(row: SessionRow): CheckoutSession {
    const expired = row.status === 'open' && clock.now() > row.expiresAt;
    const status = expired ? 'expired' : row.status;
    return {
      id: row.id,
      object: 'checkout.session',
      url: status === 'open' ? checkoutUrl(row.id) : null,
      status,
      payment_status: row.paymentStatus,
      amount_total: row.amountTotal,
      currency: row.currency,
      payment_intent: row.paymentIntentId,
      // Where the page sends the buyer, as Stripe's redirect does: the template holds this session's id.
      success_url: row.successUrl.replaceAll(CHECKOUT_SESSION_ID_TEMPLATE, row.id),
      cancel_url: row.cancelUrl,
      metadata: row.metadata,
      line_items: row.lineItems,
      created: seconds(row.createdAt),
      expires_at: seconds(row.expiresAt),
    };
  }

  async function sessionByKey(key: string) {
    const [row] = await db
      .select()
      .from(sandboxCheckoutSessions)
      .where(eq(sandboxCheckoutSessions.idempotencyKey, key));
    return row;
  }

  return {
    async createCheckoutSession(params: CheckoutSessionParams) {
      await ready();
      if (params.lineItems.length === 0) {
        throw new PaymentError({
          type: 'invalid_request_error',
          param: 'line_items',
          message: 'A checkout session needs at least one line item.',
        });
      }
      params.lineItems.forEach((item, index) => {
        if (!Number.isSafeInteger(item.quantity) || item.quantity < 1 || item.quantity > 999_999) {
          throw new PaymentError({
            type: 'invalid_request_error',
            code: 'parameter_invalid_integer',
            param: `line_items[${index}][quantity]`,
            message: 'This value must be greater than or equal to 1.',
          });
        }
        if ('priceData' in item) checkPriceData(item.priceData, index);
      });
      if (!params.successUrl) {
        throw new PaymentError({
          type: 'invalid_request_error',
          param: 'success_url',
          message: 'Missing required param: success_url.',
        });
      }
      const key = params.idempotencyKey;
      if (key) {
        const existing = await sessionByKey(key);
        if (existing) return toSession(existing);
      }
      const ids = [...new Set(params.lineItems.flatMap((item) => ('priceId' in item ? [item.priceId] : [])))];
      const prices =
        ids.length === 0
          ? []
          : await db
              .select({
                id: sandboxPrices.id,
                unitAmount: sandboxPrices.unitAmount,
                currency: sandboxPrices.currency,
                name: sandboxProducts.name,
              })
              .from(sandboxPrices)
              .innerJoin(sandboxProducts, eq(sandboxProducts.id, sandboxPrices.productId))
              .where(and(inArray(sandboxPrices.id, ids), eq(sandboxPrices.active, true)));
      const lineItems: CheckoutLineItem[] = params.lineItems.map((item, index) => {
        if ('priceData' in item) {
          // As Stripe, an inline price is a price of its own, made for this session.
          return {
            price: newId('price'),
            quantity: item.quantity,
            amount_total: item.priceData.unitAmount * item.quantity,
            description: item.priceData.name,
          };
        }
        const price = prices.find((candidate) => candidate.id === item.priceId);
        if (!price) throw resourceMissing('price', item.priceId, `line_items[${index}][price]`);
        return {
          price: price.id,
          quantity: item.quantity,
          amount_total: price.unitAmount * item.quantity,
          description: price.name,
        };
      });
      const amountTotal = lineItems.reduce((sum, item) => sum + item.amount_total, 0);
      checkAmount(amountTotal, 'line_items');
      const now = clock.now();
      try {
        const [row] = await db
          .insert(sandboxCheckoutSessions)
          .values({
            id: newId('cs_test'),
            status: 'open',
            paymentStatus: 'unpaid',
            amountTotal,
            currency: STORE_CURRENCY,
            lineItems,
            successUrl: params.successUrl,
            cancelUrl: params.cancelUrl ?? null,
            metadata: params.metadata ?? {},
            idempotencyKey: key ?? null,
            expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS),
            createdAt: now,
          })
          .returning();
        if (!row) throw new Error('checkout session insert returned nothing');
        return toSession(row);
      } catch (error) {
        const existing = key && isUniqueViolation(error) ? await sessionByKey(key) : undefined;
        if (existing) return toSession(existing);
        throw error;
      }
    },

    async retrieveCheckoutSession(id) {
      const [row] = await db.select().from(sandboxCheckoutSessions).where(eq(sandboxCheckoutSessions.id, id));
      if (!row) throw resourceMissing('checkout.session', id);
      return toSession(row);
    },

    async listProducts(): Promise<Product[]> {
      await ready();
      const rows = await db
        .select()
        .from(sandboxProducts)
        .where(eq(sandboxProducts.active, true))
        .orderBy(sql`lower(${sandboxProducts.name})`);
      return rows.map((row) => ({ id: row.id, object: 'product', name: row.name, active: row.active }));
    },

    async listPrices(): Promise<Price[]> {
      await ready();
      const rows = await db
        .select()
        .from(sandboxPrices)
        .where(eq(sandboxPrices.active, true))
        .orderBy(asc(sandboxPrices.productId), asc(sandboxPrices.unitAmount));
      return rows.map((row) => ({
        id: row.id,
        object: 'price',
        product: row.productId,
        unit_amount: row.unitAmount,
        currency: row.currency,
        active: row.active,
      }));
    },

    async expireCheckoutSessions() {
      const rows = await db
        .update(sandboxCheckoutSessions)
        .set({ status: 'expired' })
        .where(
          and(eq(sandboxCheckoutSessions.status, 'open'), lt(sandboxCheckoutSessions.expiresAt, clock.now())),
        )
        .returning();
      return rows.map(toSession);
    },

    async completeCheckoutSession(id, card) {
      checkCard(card, clock.now());
      const result = await db.transaction(async (tx) => {
        const [session] = await tx
          .select()
          .from(sandboxCheckoutSessions)
          .where(eq(sandboxCheckoutSessions.id, id))
          .for('update');
        if (!session) throw resourceMissing('checkout.session', id);
        if (session.status === 'complete') return { session };
        if (toSession(session).status === 'expired') {
          throw new PaymentError({
            type: 'invalid_request_error',
            code: 'checkout_session_expired',
            message: 'This Checkout Session is no longer active.',
          });
        }
        const method = await insertCardMethod(tx, card);
        let intent = session.paymentIntentId ? await lockIntent(tx, session.paymentIntentId) : undefined;
        if (intent?.status === 'succeeded') {
          const [paid] = await tx
            .update(sandboxCheckoutSessions)
            .set({ status: 'complete', paymentStatus: 'paid' })
            .where(eq(sandboxCheckoutSessions.id, id))
            .returning();
          return { session: paid ?? session };
        }
        if (intent?.status !== 'requires_payment_method') {
          [intent] = await tx
            .insert(sandboxPaymentIntents)
            .values({
              id: newId('pi'),
              amount: session.amountTotal,
              currency: session.currency,
              status: 'requires_payment_method',
              captureMethod: 'automatic',
              paymentMethodTypes: ['card'],
              metadata: { checkout_session: session.id },
              createdAt: clock.now(),
            })
            .returning();
          if (!intent) throw new Error('payment intent insert returned nothing');
        }
        // Stripe's hosted page asks a 3-D Secure card's holder itself; the sandbox's page takes the
        // card as authenticated (its challenge is the storefront's card step).
        const paid = await charge(tx, intent, method, { authenticated: true });
        const [updated] = await tx
          .update(sandboxCheckoutSessions)
          .set(
            paid.error
              ? { paymentIntentId: intent.id }
              : { paymentIntentId: intent.id, status: 'complete', paymentStatus: 'paid' },
          )
          .where(eq(sandboxCheckoutSessions.id, id))
          .returning();
        return { session: updated ?? session, error: paid.error };
      });
      if (result.error) throw result.error;
      return toSession(result.session);
    },
  };
}
