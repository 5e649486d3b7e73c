/**
 * The requests inbox of the back office (ADMIN): custom sock requests, contact messages and wish
 * lists in one list (GET api/admin/requests), each one whole with staff's replies, its status,
 * a reply e-mailed through the outbox, and a wish list as a POS invoice's first draft.
 */
import { z } from 'zod';
import { formatDollars } from '../money.ts';
import type { InvoiceFormInput } from '../pos/invoices.ts';
import { REQUEST_STATUSES } from '../requests.ts';
import { idSchema, pageNumberSchema, requiredText } from '../validation.ts';

export const REQUEST_KINDS = ['custom', 'contact', 'wish'] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];
export const REQUESTS_PAGE_SIZE = 50;
export const REPLY_MAX = 5000;

export const REQUEST_KIND_LABELS: Record<RequestKind, string> = {
  custom: 'Custom socks',
  contact: 'Contact',
  wish: 'Wish list',
};

const requestKind = z.enum(REQUEST_KINDS, { error: 'A kind is custom, contact or wish.' });
const requestStatus = z.enum(REQUEST_STATUSES, {
  error: 'A status is new, in_progress, answered or closed.',
});

/** GET api/admin/requests?kind=&status=&q=&page=: newest first; `q` finds name or e-mail. */
export const requestsQuerySchema = z.strictObject({
  kind: requestKind.optional(),
  status: requestStatus.optional(),
  q: z.string().trim().max(100, 'Search cannot be more than 100 characters long.').optional(),
  page: pageNumberSchema,
});
export type RequestsQuery = z.output<typeof requestsQuerySchema>;

/**
 * The path of one request: api/admin/requests/{kind}/{id}. A kind that is none of the three names
 * no request: the server answers 404, as for an unknown id (`isRequestKind`).
 */
export const requestParamsSchema = z.strictObject({
  kind: z.string().max(20, 'Kind is not a kind of request.'),
  id: idSchema,
});
export type RequestPath = z.output<typeof requestParamsSchema>;
export type RequestParams = { kind: RequestKind; id: number };

export function isRequestKind(kind: string): kind is RequestKind {
  return (REQUEST_KINDS as readonly string[]).includes(kind);
}

/** A wish request's path: only wish lists become invoices. */
export const wishParamsSchema = z.strictObject({ id: idSchema });

export const requestSummarySchema = z.object({
  kind: z.enum(REQUEST_KINDS),
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  status: z.enum(REQUEST_STATUSES),
  /** One short line: pairs and design, the message's start, or how many lines a wish list has. */
  summary: z.string(),
  /** ISO 8601, UTC. */
  created_at: z.string(),
});
export type RequestSummary = z.infer<typeof requestSummarySchema>;

export const requestsPageSchema = z.object({
  requests: z.array(requestSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type RequestsPage = z.infer<typeof requestsPageSchema>;

export const requestReplySchema = z.object({
  id: z.number().int(),
  text: z.string(),
  /** Who answered; null for an account since removed. */
  actor: z.string().nullable(),
  /** The e-mail in the outbox, and where it is (pending, sent, failed...). */
  outbox_id: z.number().int().nullable(),
  outbox_status: z.string().nullable(),
  created_at: z.string(),
});
export type RequestReply = z.infer<typeof requestReplySchema>;

const requestBase = {
  id: z.number().int(),
  /** The account that sent it; null for a visitor. */
  client_id: z.number().int().nullable(),
  name: z.string(),
  email: z.string(),
  status: z.enum(REQUEST_STATUSES),
  created_at: z.string(),
  replies: z.array(requestReplySchema),
};

export const wishLineSchema = z.object({
  product_id: z.number().int(),
  package_id: z.number().int().nullable(),
  code: z.string(),
  name: z.string(),
  size_name: z.string().nullable(),
  quantity: z.number().int(),
});
export type WishLine = z.infer<typeof wishLineSchema>;

/** GET api/admin/requests/{kind}/{id}: the request as it was sent, and staff's replies, oldest first. */
export const requestDetailSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('custom'),
    ...requestBase,
    type: z.string(),
    size: z.string(),
    color: z.string(),
    stripes: z.number().int(),
    stripe_color: z.string(),
    text: z.string(),
    text_location: z.string(),
    text_alignment: z.string(),
    text_size: z.string(),
    text_color: z.string(),
    /** The uploaded logos' URLs (/uploads/…). */
    logos: z.array(z.string()),
    logo_location: z.string(),
    message: z.string(),
    quantity: z.number().int(),
  }),
  z.object({
    kind: z.literal('contact'),
    ...requestBase,
    phone: z.string(),
    address: z.string(),
    message: z.string(),
  }),
  z.object({
    kind: z.literal('wish'),
    ...requestBase,
    phone: z.string(),
    address: z.string(),
    message: z.string(),
    source: z.string(),
    lines: z.array(wishLineSchema),
  }),
]);
export type RequestDetail = z.infer<typeof requestDetailSchema>;

/** PUT api/admin/requests/{kind}/{id}/status. */
export const requestStatusUpdateSchema = z.strictObject({ status: requestStatus });
export type RequestStatusUpdate = z.input<typeof requestStatusUpdateSchema>;

/** POST api/admin/requests/{kind}/{id}/reply: e-mailed to the requester; the request is answered. */
export const requestReplyCreateSchema = z.strictObject({
  text: requiredText('Reply', { max: REPLY_MAX }),
});
export type RequestReplyCreate = z.input<typeof requestReplyCreateSchema>;

/**
 * GET api/admin/requests/wish/{id}/invoice-draft: the POS invoice form's first values. Prices in
 * cents, the catalogue's current price; 0 (and `priced: false`) for a line whose product is gone.
 */
export const invoiceDraftSchema = z.object({
  client_name: z.string(),
  email: z.string(),
  contact_no: z.string(),
  address: z.string(),
  products: z.array(
    z.object({
      product_name: z.string(),
      price: z.number().int(),
      quantity: z.number().int(),
      priced: z.boolean(),
    }),
  ),
  additionalDetails: z.string(),
});
export type InvoiceDraft = z.infer<typeof invoiceDraftSchema>;

/** What the request page hands the POS invoice form, in the router's state. */
export interface InvoiceDraftState {
  invoiceDraft: InvoiceDraft;
}

/**
 * The invoice form's first values from a router state carrying a draft (undefined for any other
 * state): prices in dollars as the form types them; a line without a price is left blank, so the
 * form asks the cashier for it rather than invoicing it at 0.
 */
export function invoiceFormValuesOf(state: unknown): InvoiceFormInput | undefined {
  const parsed = z.object({ invoiceDraft: invoiceDraftSchema }).safeParse(state);
  if (!parsed.success) return undefined;
  const draft = parsed.data.invoiceDraft;
  return {
    client_name: draft.client_name,
    email: draft.email,
    contact_no: draft.contact_no,
    address: draft.address,
    products: draft.products.map((line) => ({
      product_name: line.product_name,
      price: line.priced ? formatDollars(line.price) : '',
      quantity: line.quantity,
    })),
    additionalDetails: draft.additionalDetails,
  };
}
