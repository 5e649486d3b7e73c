import { eq, inArray } from 'drizzle-orm';
import { nextCalendarDay, startOfDay } from '../../../domain/dates.ts';
import { taxOn } from '../../../domain/money.ts';
import { POS_MESSAGES, refundMaxMessage } from '../../../domain/pos/messages.ts';
import type {
  CreatePaymentIntent,
  PosReader,
  ReaderSummary,
  ReaderWithStatus,
  SavedPaymentDetail,
  SaveUserPaymentDetail,
} from '../../../domain/pos/readers.ts';
import { POS_PAYMENT_LINE_NAME } from '../../../domain/pos/receipts.ts';
import type {
  ChargeSearchFilter,
  PosCharge,
  RefundRequest,
  RefundResult,
} from '../../../domain/pos/refunds.ts';
import { hasAnyRole } from '../../../domain/roles.ts';
import type { Database } from '../../db/database.ts';
import { clients, orders, posPayments, readerActions, readerAssignments, receipts } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import {
  AppError,
  badRequest,
  missingAsNotFound,
  notFound,
  readerNotPresent,
  readerOffline,
} from '../../lib/errors.ts';
import {
  type ChargeSearch,
  type ChargeSummary,
  isPaymentError,
  type PaymentGateway,
  type PaymentIntent,
  type PaymentIntentWithCharge,
  type Reader,
} from '../../providers/payments/gateway.ts';
import type { AuthUser } from '../auth/auth.service.ts';
import { recordPaymentRefund } from '../orders/order-payment-events.ts';
import type { OrderRefunds } from '../orders/order-refunds.service.ts';
import { storeTaxRatePpm, storeTimeZone } from '../settings/settings.service.ts';
import type { ReceiptsService } from './receipts.service.ts';

export interface PosDeps {
  db: Database;
  payments: PaymentGateway;
  clock: Clock;
  /** A payment taken on the reader gets its receipt at once. */
  receiptsService: ReceiptsService;
  log: (message: string, error?: unknown) => void;
  /** A web order's charge refunded here updates its order the same way the back office does. */
  orderRefunds: OrderRefunds;
}

/** Marks the intents and sessions the POS makes, so that POS calls touch only those. */
export const POS_SOURCE = 'pos';
/**
 * A register refund's `pos_return` metadata names the return that records it: its id, or this
 * while the return is still to be recorded (its Interac part is refunded on the reader first).
 */
export const RETURN_TO_RECORD = 'pending';

/** The metadata key that marks a register's payment for a sale (createPaymentIntentSchema's forSale). */
const FOR_SALE_METADATA = 'for_sale';

const isForSale = (intent: PaymentIntent) => intent.metadata[FOR_SALE_METADATA] === 'true';

/**
 * Whether a reader payment keeps its cashier's shift open until a sale names it or it is refunded
 * in full (shifts.service.ts): a card payment taken for a sale. An Interac one is refunded on the
 * reader, which the shop records only as a return's, so it is not held.
 */
const heldForSale = ({ intent, charge }: PaymentIntentWithCharge) =>
  isForSale(intent) && charge?.source !== 'interac_present';

const STATUS_FILTER = { 0: undefined, 1: 'succeeded', 2: 'failed' } as const;
const CARD_TYPE_FILTER = { 0: undefined, 1: 'debit', 2: 'credit', 3: 'web' } as const;

export function toPosReader(reader: Reader): PosReader {
  return {
    id: reader.id,
    object: 'terminal.reader',
    name: reader.label,
    label: reader.label,
    status: reader.status,
    device_type: reader.device_type,
    action: reader.action,
  };
}

function toPosCharge(charge: ChargeSummary, orderNumber: number | null): PosCharge {
  return {
    chargeId: charge.chargeId,
    paymentIntentId: charge.paymentIntentId,
    amount: charge.amount,
    amountRefunded: charge.amountRefunded,
    refunded: charge.refunded,
    captured: charge.captured,
    brand: charge.brand,
    network: charge.network,
    source: charge.source,
    country: charge.country,
    last4: charge.last4,
    created: new Date(charge.created * 1000).toISOString(),
    status: charge.status,
    orderNumber,
  };
}

const notAssigned = () => new AppError('reader_not_assigned', POS_MESSAGES.readerNotAssigned, 403);
const paymentNotSucceeded = () =>
  new AppError('payment_not_succeeded', POS_MESSAGES.paymentNotSucceeded, 409);
const alreadyRefunded = () => new AppError('charge_already_refunded', POS_MESSAGES.alreadyRefunded, 409);

/**
 * The POS back office on the payment gateway (spec pos.md §4, §7; DESIGN.md "POS"). Who may use a
 * reader: the one assigned to them (reader_assignments); any POS user may assign themselves any
 * known reader with update_user_reader, so two cashiers may share a counter's reader.
 */
export function createPosService({ db, payments, clock, orderRefunds, receiptsService, log }: PosDeps) {
  async function assignedReaderId(userId: number): Promise<string | undefined> {
    const [row] = await db
      .select({ readerId: readerAssignments.readerId })
      .from(readerAssignments)
      .where(eq(readerAssignments.clientId, userId));
    return row?.readerId;
  }

  /** The reader a call names (reader_id header or readerId): present, and the caller's. */
  async function usableReader(user: AuthUser, readerId: string | undefined): Promise<string> {
    const id = readerId?.trim();
    if (!id) throw readerNotPresent();
    if ((await assignedReaderId(user.id)) !== id) throw notAssigned();
    return id;
  }

  async function onlineReader(id: string): Promise<Reader> {
    const reader = await payments.retrieveReader(id);
    if (reader.status !== 'online') throw readerOffline();
    return reader;
  }

  /**
   * A reader busy with an action someone else started is theirs until it ends: nobody else hands
   * it a payment, presents a card to it, cancels it or takes it as their reader (the owner may
   * cancel it: cancel() does not ask).
   */
  async function refuseIfHeldByAnother(user: AuthUser, reader: Reader): Promise<void> {
    if (reader.action?.status !== 'in_progress') return;
    const [holder] = await db
      .select({
        clientId: readerActions.clientId,
        actionType: readerActions.actionType,
        firstName: clients.firstName,
        lastName: clients.lastName,
      })
      .from(readerActions)
      .innerJoin(clients, eq(clients.id, readerActions.clientId))
      .where(eq(readerActions.readerId, reader.id));
    if (!holder || holder.clientId === user.id) return;
    const what = holder.actionType === 'refund_payment' ? 'a refund' : 'a payment';
    throw new AppError(
      'reader_in_use',
      `${reader.label} is in use by ${holder.firstName} ${holder.lastName} for ${what} in progress. ` +
        'Please wait until it ends, or ask them or the owner to cancel it.',
      409,
    );
  }

  /** Names the caller as the one whose action the reader now runs. */
  async function holdReader(user: AuthUser, reader: Reader): Promise<void> {
    const actionType = reader.action?.type ?? 'process_payment_intent';
    await db
      .insert(readerActions)
      .values({ readerId: reader.id, clientId: user.id, actionType, startedAt: clock.now() })
      .onConflictDoUpdate({
        target: readerActions.readerId,
        set: { clientId: user.id, actionType, startedAt: clock.now() },
      });
  }

  async function posIntent(user: AuthUser, id: string): Promise<PaymentIntent> {
    const intent = await payments.retrievePaymentIntent(id).catch(missingAsNotFound('Payment'));
    if (intent.metadata.source !== POS_SOURCE || intent.metadata.pos_user !== String(user.id)) {
      throw notFound('Payment');
    }
    return intent;
  }

  /** The charge a refund draws on: the intent's latest, captured and succeeded. */
  async function chargeOf(paymentIntentId: string): Promise<ChargeSummary> {
    const { intent, charge } = await payments
      .retrievePaymentIntentWithCharge(paymentIntentId)
      .catch(missingAsNotFound('Payment'));
    if (intent.status !== 'succeeded' || !charge?.captured || charge.status !== 'succeeded') {
      throw new AppError('charge_not_refundable', POS_MESSAGES.nothingToRefund, 409);
    }
    return charge;
  }

  /**
   * The gateway's refusals of a refund, in the spec's words. What remains refundable is checked by
   * the gateway only, under its lock and after its idempotency check: a retried refund that already
   * succeeded answers that refund, not 'already refunded'.
   */
  async function refundError(error: unknown, paymentIntentId: string): Promise<unknown> {
    if (!isPaymentError(error)) return error;
    if (error.code === 'charge_already_refunded') return alreadyRefunded();
    if (
      error.code === 'amount_too_large' ||
      (error.type === 'invalid_request_error' && error.param === 'amount')
    ) {
      const charge = await chargeOf(paymentIntentId).catch(() => undefined);
      if (charge) {
        const message = refundMaxMessage(Math.max(0, charge.amount - charge.amountRefunded));
        return badRequest(message, { amount: message });
      }
    }
    return error;
  }

  /**
   * A web order's charge refunded from the POS refund screen: the order's refund path (status,
   * amounts, history, the client's e-mail), its items back to stock when the cashier says so.
   */
  async function refundWebOrder(
    user: AuthUser,
    order: { id: number; total: number; amountRefunded: number },
    key: string,
    request: RefundRequest & { amount?: number | undefined },
  ): Promise<RefundResult> {
    const remaining = order.total - order.amountRefunded;
    if (remaining <= 0) throw alreadyRefunded();
    if (request.amount !== undefined && request.amount > remaining) {
      const message = refundMaxMessage(remaining);
      throw badRequest(message, { amount: message });
    }
    const restock = request.restock ?? false;
    const refund = await orderRefunds.refund({
      orderId: order.id,
      ask:
        request.amount === undefined
          ? { kind: 'all', restock, shipping: true }
          : { kind: 'amount', amount: request.amount, restock },
      idempotencyKey: key,
      source: 'pos',
      actorId: user.id,
    });
    return {
      id: refund.gatewayRefundId ?? `order_refund_${refund.id}`,
      object: 'refund',
      status: 'succeeded',
      amount: refund.amount,
      payment_intent: request.paymentIntentId,
    };
  }

  /**
   * A payment's one receipt, made when the payment is saved: one line of the amount before tax
   * (the intent's `subtotal`), its tax at the store's rate, e-mailed at once to the address typed
   * on the payment screen. Saving again answers the same receipt and sends nothing more.
   */
  async function receiptOfPayment(user: AuthUser, intent: PaymentIntent) {
    const [made] = await db
      .select({ receipt_id: receipts.id, receipt_number: receipts.receiptNumber })
      .from(receipts)
      .where(eq(receipts.paymentIntentId, intent.id));
    if (made) return made;
    const subtotal = Number(intent.metadata.subtotal ?? intent.amount_received);
    try {
      const created = await receiptsService.create(user, {
        lines: [
          {
            product_name: POS_PAYMENT_LINE_NAME,
            amount: subtotal,
            addTax: subtotal !== intent.amount_received,
          },
        ],
        paymentIntentId: intent.id,
        ...(intent.receipt_email ? { email: intent.receipt_email } : {}),
      });
      if (intent.receipt_email) await receiptsService.send(created.receipt_id, intent.receipt_email);
      return { receipt_id: created.receipt_id, receipt_number: created.receipt_number };
    } catch (error) {
      // The payment stands: its receipt can still be made from the receipt screen.
      log(`the receipt of payment ${intent.id} was not made`, error);
      return null;
    }
  }

  /** Scoped to the caller, so that two cashiers' keys never meet. */
  function refundKey(user: AuthUser, idempotencyKey: string): string {
    return `pos-refund:${user.id}:${idempotencyKey}`;
  }

  return {
    // ---------------------------------------------------------- readers

    async listReaders(): Promise<ReaderWithStatus[]> {
      const readers = await payments.listReaders();
      return readers
        .map((reader) => ({ id: reader.id, name: reader.label, status: reader.status }))
        .sort((a, b) => a.name.localeCompare(b.name));
    },

    async getReader(user: AuthUser, readerId: string | undefined): Promise<PosReader> {
      const id = await usableReader(user, readerId);
      return toPosReader(await payments.retrieveReader(id));
    },

    async getUserReader(user: AuthUser): Promise<ReaderSummary | null> {
      const id = await assignedReaderId(user.id);
      if (!id) return null;
      try {
        const reader = await payments.retrieveReader(id);
        return { id: reader.id, name: reader.label };
      } catch (error) {
        // A reader removed from the account since: the user chooses again.
        if (isPaymentError(error) && error.statusCode === 404) return null;
        throw error;
      }
    },

    async updateUserReader(user: AuthUser, readerId: string): Promise<ReaderSummary> {
      const reader = await payments.retrieveReader(readerId).catch((error: unknown) => {
        if (isPaymentError(error) && error.statusCode === 404) {
          throw badRequest('Please select a card reader from the list.', {
            reader_id: 'Please select a card reader from the list.',
          });
        }
        throw error;
      });
      await refuseIfHeldByAnother(user, reader);
      await db
        .insert(readerAssignments)
        .values({ clientId: user.id, readerId: reader.id, updatedAt: clock.now() })
        .onConflictDoUpdate({
          target: readerAssignments.clientId,
          set: { readerId: reader.id, updatedAt: clock.now() },
        });
      return { id: reader.id, name: reader.label };
    },

    // ---------------------------------------------------------- payments through a reader

    async createPaymentIntent(user: AuthUser, input: CreatePaymentIntent & { amount: number }) {
      // The amount is the register's total with the store's tax, and the sale's receipt needs the
      // rate too: without one, stop before a card is charged for a sale that cannot be receipted.
      const { ppm } = await storeTaxRatePpm(db);
      const subtotal = input.subtotal ?? input.amount;
      if (subtotal !== input.amount && subtotal + taxOn(subtotal, ppm) !== input.amount) {
        throw badRequest(POS_MESSAGES.paymentAmountMismatch, {
          subtotal: POS_MESSAGES.paymentAmountMismatch,
        });
      }
      const readerId = await assignedReaderId(user.id);
      const intent = await payments.createPaymentIntent({
        amount: input.amount,
        paymentMethodTypes: ['card_present', 'interac_present'],
        captureMethod: 'automatic',
        metadata: {
          source: POS_SOURCE,
          pos_user: String(user.id),
          subtotal: String(subtotal),
          ...(readerId ? { reader_id: readerId } : {}),
          ...(input.forSale ? { [FOR_SALE_METADATA]: 'true' } : {}),
        },
        ...(input.receiptEmail ? { receiptEmail: input.receiptEmail } : {}),
      });
      return { id: intent.id };
    },

    async processPayment(user: AuthUser, readerId: string, paymentIntentId: string): Promise<PosReader> {
      const id = await usableReader(user, readerId);
      await refuseIfHeldByAnother(user, await onlineReader(id));
      await posIntent(user, paymentIntentId);
      const reader = await payments.processPaymentIntent(id, paymentIntentId);
      await holdReader(user, reader);
      return toPosReader(reader);
    },

    /** Test mode only: a card (or an Interac card) is presented to the caller's reader. */
    async simulate(
      user: AuthUser,
      readerId: string | undefined,
      type: 'card_present' | 'interac_present',
      number: string | undefined,
    ): Promise<PosReader> {
      if (!payments.testMode) throw new AppError('test_mode_only', POS_MESSAGES.testModeOnly, 403);
      const id = readerId?.trim() ? await usableReader(user, readerId) : await assignedReaderId(user.id);
      if (!id) throw readerNotPresent();
      await refuseIfHeldByAnother(user, await payments.retrieveReader(id));
      return toPosReader(await payments.presentPaymentMethod(id, { type, ...(number ? { number } : {}) }));
    },

    /**
     * Stripe's cancel_action on the reader: a payment already taken (Interac, captured) stays. The
     * caller's own reader, unless someone else's action runs on it; the owner (ADMIN) cancels any.
     */
    async cancel(user: AuthUser, readerId: string): Promise<PosReader> {
      const isOwner = hasAnyRole(user.roles, ['ADMIN']);
      const id = isOwner ? readerId.trim() : await usableReader(user, readerId);
      if (!isOwner) await refuseIfHeldByAnother(user, await payments.retrieveReader(id));
      return toPosReader(await payments.cancelReaderAction(id));
    },

    /** One row per succeeded POS payment of that reader; saving it again answers the same row. */
    async savePaymentDetail(user: AuthUser, input: SaveUserPaymentDetail): Promise<SavedPaymentDetail> {
      const readerId = await usableReader(user, input.readerId);
      const intent = await posIntent(user, input.paymentIntentId);
      if (intent.status !== 'succeeded') throw paymentNotSucceeded();
      const reader = await payments.retrieveReader(readerId);
      const action = reader.action;
      const processedHere =
        (action?.type === 'process_payment_intent' &&
          action.status === 'succeeded' &&
          action.process_payment_intent?.payment_intent === intent.id) ||
        intent.metadata.reader_id === readerId;
      if (!processedHere) throw paymentNotSucceeded();
      if (input.amount !== intent.amount_received) {
        throw badRequest(POS_MESSAGES.paymentAmountMismatch, { amount: POS_MESSAGES.paymentAmountMismatch });
      }
      await db
        .insert(posPayments)
        .values({
          clientId: user.id,
          readerId,
          amount: intent.amount_received,
          paymentIntentId: intent.id,
          forSale:
            isForSale(intent) && heldForSale(await payments.retrievePaymentIntentWithCharge(intent.id)),
          createdAt: clock.now(),
        })
        .onConflictDoNothing({ target: posPayments.paymentIntentId });
      const [row] = await db.select().from(posPayments).where(eq(posPayments.paymentIntentId, intent.id));
      if (!row) throw new Error('pos payment insert returned nothing');
      const receipt = await receiptOfPayment(user, intent);
      return {
        id: row.id,
        userId: row.clientId,
        readerId: row.readerId,
        amount: row.amount,
        paymentIntentId: row.paymentIntentId,
        created: row.createdAt.toISOString(),
        receipt,
      };
    },

    /**
     * A reader's payment the processor reports as taken (its webhook): kept as the cashier's POS
     * payment even when the POS page that started it never saved it (reloaded, closed), so that no
     * card payment taken at the counter goes unrecorded. Answers what was done, in words.
     */
    async recordReaderPayment(paid: PaymentIntentWithCharge, readerId: string | null): Promise<string> {
      const { intent } = paid;
      const cashierId = Number(intent.metadata.pos_user);
      const reader = readerId ?? intent.metadata.reader_id ?? null;
      if (intent.metadata.source !== POS_SOURCE || !Number.isSafeInteger(cashierId) || !reader) {
        return 'not a payment at the counter';
      }
      if (intent.status !== 'succeeded') return `POS payment ${intent.id} is ${intent.status}`;
      const [cashier] = await db.select({ id: clients.id }).from(clients).where(eq(clients.id, cashierId));
      if (!cashier) return `POS payment ${intent.id}: its cashier ${cashierId} is unknown`;
      const saved = await db
        .insert(posPayments)
        .values({
          clientId: cashierId,
          readerId: reader,
          amount: intent.amount_received,
          paymentIntentId: intent.id,
          forSale: heldForSale(paid),
          createdAt: clock.now(),
        })
        .onConflictDoNothing({ target: posPayments.paymentIntentId })
        .returning({ id: posPayments.id });
      return saved.length > 0
        ? `POS payment ${intent.id} of ${intent.amount_received} cents recorded for cashier ${cashierId}`
        : `POS payment ${intent.id} already recorded`;
    },

    // ---------------------------------------------------------- refunds

    async searchCharges(filter: ChargeSearchFilter): Promise<PosCharge[]> {
      const search: ChargeSearch = { limit: filter.limit };
      if (filter.fromAmount !== undefined) search.fromAmount = filter.fromAmount;
      if (filter.toAmount !== undefined) search.toAmount = filter.toAmount;
      if (filter.fromDate || filter.toDate) {
        const timeZone = await storeTimeZone(db);
        if (filter.fromDate) search.fromDate = startOfDay(filter.fromDate, timeZone);
        if (filter.toDate) {
          search.toDate = new Date(startOfDay(nextCalendarDay(filter.toDate), timeZone).getTime() - 1);
        }
      }
      const status = STATUS_FILTER[filter.status];
      if (status) search.status = status;
      const cardType = CARD_TYPE_FILTER[filter.cardType];
      if (cardType) search.cardType = cardType;
      if (filter.last4) search.last4 = filter.last4;
      const charges = await payments.searchCharges(search);
      const intents = charges.flatMap((charge) => (charge.paymentIntentId ? [charge.paymentIntentId] : []));
      // The web orders among them, in one query.
      const webOrders =
        intents.length === 0
          ? []
          : await db
              .select({ paymentIntentId: orders.paymentIntentId, orderNumber: orders.orderNumber })
              .from(orders)
              .where(inArray(orders.paymentIntentId, intents));
      const orderOf = new Map(webOrders.map((row) => [row.paymentIntentId, row.orderNumber]));
      return charges.map((charge) => toPosCharge(charge, orderOf.get(charge.paymentIntentId) ?? null));
    },

    /** A card payment refunded online (Interac ones go through the reader). */
    async refund(
      user: AuthUser,
      readerId: string | undefined,
      idempotencyKey: string,
      request: RefundRequest & { amount?: number | undefined },
    ): Promise<RefundResult> {
      if (readerId?.trim()) await usableReader(user, readerId);
      const charge = await chargeOf(request.paymentIntentId);
      if (charge.source === 'interac_present') {
        throw new AppError('interac_refund_in_person', POS_MESSAGES.interacRefundThroughReader, 400);
      }
      const key = refundKey(user, idempotencyKey);
      const [webOrder] = await db
        .select({ id: orders.id, total: orders.total, amountRefunded: orders.amountRefunded })
        .from(orders)
        .where(eq(orders.paymentIntentId, request.paymentIntentId));
      if (webOrder) return refundWebOrder(user, webOrder, key, request);
      const refund = await payments
        .createRefund({
          paymentIntentId: request.paymentIntentId,
          ...(request.amount !== undefined ? { amount: request.amount } : {}),
          reason: 'requested_by_customer',
          metadata: { source: POS_SOURCE, pos_user: String(user.id) },
          idempotencyKey: key,
        })
        .catch(async (error: unknown) => {
          throw await refundError(error, request.paymentIntentId);
        });
      // Recorded on the payment as a refund made in the processor's dashboard is: the register sale
      // it paid shows it and its returns give back only what remains on the card.
      if (refund.status === 'succeeded') {
        await recordPaymentRefund(
          db,
          { id: refund.id, paymentIntentId: request.paymentIntentId, amount: refund.amount },
          user.id,
        );
      }
      return {
        id: refund.id,
        object: 'refund',
        status: refund.status,
        amount: refund.amount,
        payment_intent: refund.payment_intent,
        ...(refund.status === 'succeeded' ? {} : { action: { failure_message: POS_MESSAGES.refundFailed } }),
      };
    },

    /** An Interac payment refunded in person: the reader's refund_payment, then polled with get_reader. */
    async refundInterac(
      user: AuthUser,
      readerId: string | undefined,
      idempotencyKey: string,
      request: RefundRequest & { amount?: number | undefined },
    ): Promise<PosReader> {
      const id = await usableReader(user, readerId);
      await refuseIfHeldByAnother(user, await onlineReader(id));
      const charge = await chargeOf(request.paymentIntentId);
      if (charge.source !== 'interac_present') {
        throw new AppError('card_refund_online', POS_MESSAGES.cardRefundOnline, 400);
      }
      const reader = await payments
        .refundPayment(id, {
          paymentIntentId: request.paymentIntentId,
          ...(request.amount !== undefined ? { amount: request.amount } : {}),
          // The reader's refund reaches the shop by its webhook (refund.created), which records it
          // on the payment unless a return is to name it.
          metadata: {
            source: POS_SOURCE,
            pos_user: String(user.id),
            ...(request.forReturn ? { pos_return: RETURN_TO_RECORD } : {}),
          },
          idempotencyKey: refundKey(user, idempotencyKey),
        })
        .catch(async (error: unknown) => {
          throw await refundError(error, request.paymentIntentId);
        });
      await holdReader(user, reader);
      return toPosReader(reader);
    },
  };
}

export type PosService = ReturnType<typeof createPosService>;
