/**
 * The requests inbox of the back office: custom sock requests, contact messages and wish lists in
 * one list, each with its status and staff's replies. A reply is e-mailed through the outbox in
 * the transaction that stores it, so a reply on record is a reply on its way.
 */
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, unionAll } from 'drizzle-orm/pg-core';
import {
  type InvoiceDraft,
  isRequestKind,
  REQUESTS_PAGE_SIZE,
  type RequestDetail,
  type RequestKind,
  type RequestParams,
  type RequestPath,
  type RequestReply,
  type RequestsPage,
  type RequestsQuery,
} from '../../../domain/admin/requests.ts';
import { type RequestStatus, textAlignmentLabel, textLocationLabel } from '../../../domain/requests.ts';
import type { Database, DbOrTx, Tx } from '../../db/database.ts';
import { escapeLike } from '../../db/like.ts';
import {
  clients,
  contactRequests,
  customRequests,
  outbox,
  packages,
  products,
  requestReplies,
  wishRequests,
} from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { enqueueMail } from '../../providers/mail/outbox.ts';
import type { AuthUser } from '../auth/auth.service.ts';
import { readSettings } from '../settings/settings.service.ts';
import { recordAudit } from './audit.ts';

const TABLES = { custom: customRequests, contact: contactRequests, wish: wishRequests } as const;

/** What each kind is called in e-mails to the requester. */
const KIND_NAMES: Record<RequestKind, string> = {
  custom: 'custom sock request',
  contact: 'message',
  wish: 'wish list',
};

/** The audit log's entity and id of one request: 'request', 'wish/12'. */
const auditId = ({ kind, id }: RequestParams) => `${kind}/${id}`;

const requestNotFound = ({ kind, id }: RequestParams) => notFound(`The ${KIND_NAMES[kind]} #${id}`);

/** A path's kind and id; a kind that is none of the three is a request not found. */
function resolve({ kind, id }: RequestPath): RequestParams {
  if (!isRequestKind(kind)) throw notFound(`A request of kind '${kind.slice(0, 20)}'`);
  return { kind, id };
}

/** A subject is one header line: a name with a line break must not add headers. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** One line of at most `max` characters of a longer text (the list's summary). */
const shortLine = (column: AnyPgColumn, max: number) =>
  sql`nullif(left(regexp_replace(${column}, '\\s+', ' ', 'g'), ${max}), '')`;

/** The row of one request, locked for a change when `lock` is set. */
async function findRequest(tx: DbOrTx, { kind, id }: RequestParams, lock = false) {
  switch (kind) {
    case 'custom': {
      const query = tx.select().from(customRequests).where(eq(customRequests.id, id));
      const [row] = lock ? await query.for('update') : await query;
      return row && { kind, row };
    }
    case 'contact': {
      const query = tx.select().from(contactRequests).where(eq(contactRequests.id, id));
      const [row] = lock ? await query.for('update') : await query;
      return row && { kind, row };
    }
    case 'wish': {
      const query = tx.select().from(wishRequests).where(eq(wishRequests.id, id));
      const [row] = lock ? await query.for('update') : await query;
      return row && { kind, row };
    }
  }
}
type FoundRequest = NonNullable<Awaited<ReturnType<typeof findRequest>>>;

const nameOf = (found: FoundRequest) => (found.kind === 'wish' ? found.row.customerName : found.row.name);

async function repliesOf(tx: DbOrTx, { kind, id }: RequestParams): Promise<RequestReply[]> {
  const rows = await tx
    .select({
      id: requestReplies.id,
      text: requestReplies.text,
      actor: sql<string | null>`nullif(trim(${clients.firstName} || ' ' || ${clients.lastName}), '')`,
      outbox_id: requestReplies.outboxId,
      outbox_status: outbox.status,
      createdAt: requestReplies.createdAt,
    })
    .from(requestReplies)
    .leftJoin(clients, eq(clients.id, requestReplies.actorId))
    .leftJoin(outbox, eq(outbox.id, requestReplies.outboxId))
    .where(and(eq(requestReplies.kind, kind), eq(requestReplies.requestId, id)))
    .orderBy(asc(requestReplies.id));
  return rows.map(({ createdAt, ...reply }) => ({ ...reply, created_at: createdAt.toISOString() }));
}

function detailOf(found: FoundRequest, replies: RequestReply[]): RequestDetail {
  const base = {
    id: found.row.id,
    client_id: found.row.clientId,
    name: nameOf(found),
    email: found.row.email,
    status: found.row.status,
    created_at: found.row.createdAt.toISOString(),
    replies,
  };
  switch (found.kind) {
    case 'custom': {
      const r = found.row;
      return {
        kind: 'custom',
        ...base,
        type: r.type,
        size: r.size,
        color: r.color,
        stripes: r.stripes,
        stripe_color: r.stripeColor,
        text: r.text,
        text_location: textLocationLabel(r.textLocation),
        text_alignment: textAlignmentLabel(r.textAlignment),
        text_size: r.textSize,
        text_color: r.textColor,
        logos: r.logos,
        logo_location: r.logoLocation,
        message: r.message,
        quantity: r.quantity,
      };
    }
    case 'contact':
      return {
        kind: 'contact',
        ...base,
        phone: found.row.phone,
        address: found.row.address,
        message: found.row.message,
      };
    case 'wish':
      return {
        kind: 'wish',
        ...base,
        phone: found.row.phone,
        address: found.row.address,
        message: found.row.message,
        source: found.row.source,
        lines: found.row.cart.map((line) => ({
          product_id: line.product_id,
          package_id: line.package_id,
          code: line.code,
          name: line.name,
          size_name: line.size_name,
          quantity: line.quantity,
        })),
      };
  }
}

/** The message the requester sent, quoted under the reply ('' when there was none). */
function quoted(found: FoundRequest): string {
  const message = found.row.message.trim();
  if (!message) return '';
  const when = found.row.createdAt.toISOString().slice(0, 10);
  const lines = message
    .slice(0, 2000)
    .split('\n')
    .map((line) => `> ${line}`);
  return `\n\nOn ${when} you wrote:\n${lines.join('\n')}`;
}

/**
 * The list's columns of one kind's table, as SQL of the same types whatever the table, so that the
 * three kinds' selects make one UNION ALL.
 */
function listColumns(
  kind: RequestKind,
  table: {
    id: AnyPgColumn;
    name: AnyPgColumn;
    email: AnyPgColumn;
    status: AnyPgColumn;
    createdAt: AnyPgColumn;
  },
  summary: SQL,
) {
  return {
    kind: sql<RequestKind>`${kind}::text`.as('kind'),
    id: sql<number>`${table.id}`.as('id'),
    name: sql<string>`${table.name}`.as('name'),
    email: sql<string>`${table.email}`.as('email'),
    status: sql<RequestStatus>`${table.status}`.as('status'),
    summary: sql<string>`${summary}`.as('summary'),
    // Read as a date the way every request table's created_at is (one kind of column in all three).
    createdAt: sql`${table.createdAt}`.mapWith(customRequests.createdAt).as('created_at'),
  };
}

async function setStatus(tx: Tx, params: RequestParams, status: RequestStatus): Promise<void> {
  const table = TABLES[params.kind];
  await tx.update(table).set({ status }).where(eq(table.id, params.id));
}

export function createRequestsAdminService(db: Database) {
  async function detail(tx: DbOrTx, params: RequestParams): Promise<RequestDetail> {
    const found = await findRequest(tx, params);
    if (!found) throw requestNotFound(params);
    return detailOf(found, await repliesOf(tx, params));
  }

  return {
    /** The three kinds in one list, newest first, 50 a page. */
    async list(query: RequestsQuery): Promise<RequestsPage> {
      const pattern = query.q ? `%${escapeLike(query.q)}%` : undefined;
      // A kind left out of the filter is still in the union, with nothing to give.
      const whereOf = (kind: RequestKind, name: AnyPgColumn, email: AnyPgColumn, status: AnyPgColumn) =>
        and(
          query.kind && query.kind !== kind ? sql`false` : undefined,
          query.status ? eq(status, query.status) : undefined,
          pattern ? or(ilike(name, pattern), ilike(email, pattern)) : undefined,
        );
      const whereCustom = whereOf('custom', customRequests.name, customRequests.email, customRequests.status);
      const whereContact = whereOf(
        'contact',
        contactRequests.name,
        contactRequests.email,
        contactRequests.status,
      );
      const whereWish = whereOf('wish', wishRequests.customerName, wishRequests.email, wishRequests.status);

      const selects = {
        custom: () =>
          db
            .select(
              listColumns(
                'custom',
                customRequests,
                sql`concat_ws(' · ', ${customRequests.quantity} || ' pairs',
                  nullif(${customRequests.type}, ''), nullif(${customRequests.size}, ''),
                  ${shortLine(customRequests.message, 80)})`,
              ),
            )
            .from(customRequests)
            .where(whereCustom),
        contact: () =>
          db
            .select(
              listColumns(
                'contact',
                contactRequests,
                sql`coalesce(${shortLine(contactRequests.message, 120)}, '')`,
              ),
            )
            .from(contactRequests)
            .where(whereContact),
        wish: () =>
          db
            .select(
              listColumns(
                'wish',
                { ...wishRequests, name: wishRequests.customerName },
                sql`concat_ws(' · ',
                  jsonb_array_length(${wishRequests.cart}) ||
                    CASE WHEN jsonb_array_length(${wishRequests.cart}) = 1 THEN ' line' ELSE ' lines' END,
                  ${shortLine(wishRequests.message, 80)})`,
              ),
            )
            .from(wishRequests)
            .where(whereWish),
      };
      const rows = await unionAll(selects.custom(), selects.contact(), selects.wish())
        .orderBy(desc(sql`created_at`), desc(sql`id`))
        .limit(REQUESTS_PAGE_SIZE)
        .offset((query.page - 1) * REQUESTS_PAGE_SIZE);
      // One after the other: PGlite runs one statement at a time anyway.
      const counted = [
        await db.select({ n: count() }).from(customRequests).where(whereCustom),
        await db.select({ n: count() }).from(contactRequests).where(whereContact),
        await db.select({ n: count() }).from(wishRequests).where(whereWish),
      ];
      const total = counted.reduce((sum, [row]) => sum + (row?.n ?? 0), 0);
      return {
        requests: rows.map(({ createdAt, ...row }) => ({ ...row, created_at: createdAt.toISOString() })),
        total,
        page: query.page,
        pageSize: REQUESTS_PAGE_SIZE,
      };
    },

    get(path: RequestPath): Promise<RequestDetail> {
      return detail(db, resolve(path));
    },

    async setStatus(actor: AuthUser, path: RequestPath, status: RequestStatus): Promise<RequestDetail> {
      const params = resolve(path);
      return db.transaction(async (tx) => {
        const found = await findRequest(tx, params, true);
        if (!found) throw requestNotFound(params);
        if (found.row.status !== status) {
          await setStatus(tx, params, status);
          await recordAudit(tx, actor, {
            action: 'request.status',
            entity: 'request',
            entityId: auditId(params),
            before: { status: found.row.status },
            after: { status },
          });
        }
        return detail(tx, params);
      });
    },

    /** E-mails the reply to the requester (through the outbox) and marks the request answered. */
    async reply(actor: AuthUser, path: RequestPath, text: string): Promise<RequestDetail> {
      const params = resolve(path);
      return db.transaction(async (tx) => {
        const found = await findRequest(tx, params, true);
        if (!found) throw requestNotFound(params);
        const settings = await readSettings(tx);
        const name = nameOf(found);
        const outboxId = await enqueueMail(tx, {
          to: found.row.email,
          subject: oneLine(`Re: your ${KIND_NAMES[params.kind]} #${params.id} to ${settings.store_name}`),
          text:
            `Hello ${name},\n\n${text}\n\n${settings.store_name}\n${settings.store_email}` +
            `${settings.store_phone ? `\n${settings.store_phone}` : ''}${quoted(found)}\n`,
        });
        const [reply] = await tx
          .insert(requestReplies)
          .values({ kind: params.kind, requestId: params.id, text, outboxId, actorId: actor.id })
          .returning({ id: requestReplies.id });
        await setStatus(tx, params, 'answered');
        await recordAudit(tx, actor, {
          action: 'request.reply',
          entity: 'request',
          entityId: auditId(params),
          before: { status: found.row.status },
          after: { status: 'answered', reply_id: reply?.id, outbox_id: outboxId, text },
        });
        return detail(tx, params);
      });
    },

    /**
     * A wish list as the POS invoice form's first values: the client's details and each line with
     * the catalogue's current price (the sale price of a product on sale), 0 when it is gone.
     */
    async invoiceDraft(id: number): Promise<InvoiceDraft> {
      const found = await findRequest(db, { kind: 'wish', id });
      if (found?.kind !== 'wish') throw requestNotFound({ kind: 'wish', id });
      const wish = found.row;
      const productIds = [...new Set(wish.cart.map((line) => line.product_id))];
      const packageIds = [
        ...new Set(wish.cart.flatMap((line) => (line.package_id === null ? [] : [line.package_id]))),
      ];
      const productPrices = new Map(
        productIds.length === 0
          ? []
          : (
              await db
                .select({ id: products.id, pricing: products.pricing, discount: products.priceDiscount })
                .from(products)
                .where(inArray(products.id, productIds))
            ).map((p) => [p.id, p.pricing - Math.min(p.discount, p.pricing)]),
      );
      const packagePrices = new Map(
        packageIds.length === 0
          ? []
          : (
              await db
                .select({ id: packages.id, pricing: packages.pricing })
                .from(packages)
                .where(inArray(packages.id, packageIds))
            ).map((p) => [p.id, p.pricing]),
      );
      const message = wish.message.trim();
      return {
        client_name: wish.customerName,
        email: wish.email,
        contact_no: wish.phone,
        address: wish.address,
        products: wish.cart.map((line) => {
          const price =
            line.package_id === null
              ? productPrices.get(line.product_id)
              : packagePrices.get(line.package_id);
          return {
            product_name: `${line.name}${line.size_name ? ` (${line.size_name})` : ''}`.slice(0, 200),
            price: price ?? 0,
            quantity: line.quantity,
            priced: price !== undefined,
          };
        }),
        additionalDetails: `Wish request #${wish.id}${message ? `: ${message}` : ''}`.slice(0, 2000),
      };
    },
  };
}

export type RequestsAdminService = ReturnType<typeof createRequestsAdminService>;
