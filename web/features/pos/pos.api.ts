import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateCheckoutSession,
  PosPrice,
  PosProduct,
  SandboxCheckout,
  SandboxCheckoutPay,
} from '../../../domain/pos/checkout.ts';
import { IDEMPOTENCY_KEY_HEADER, READER_ID_HEADER, READER_POLL_MS } from '../../../domain/pos/constants.ts';
import type { CreateInvoice, Invoice, InvoiceCreated, SendInvoice } from '../../../domain/pos/invoices.ts';
import type {
  CancelPayment,
  CreatePaymentIntent,
  PosReader,
  ProcessPayment,
  ReaderSummary,
  ReaderWithStatus,
  SavedPaymentDetail,
  SaveUserPaymentDetail,
} from '../../../domain/pos/readers.ts';
import type {
  CreateReceipt,
  Receipt,
  ReceiptCreated,
  Seller,
  SendReceipt,
} from '../../../domain/pos/receipts.ts';
import type {
  ChargeSearchRequest,
  PosCharge,
  RefundRequest,
  RefundResult,
} from '../../../domain/pos/refunds.ts';
import type { Sale } from '../../../domain/pos/register.ts';
import { api } from '../../lib/api.ts';
import { cardRefundSucceeded } from './pos-rules.ts';

/**
 * Data hooks of the POS back office (spec pos §7; paths as domain/pos/README.md lists them). Every call
 * needs the POS role; the server checks it. The reader calls that act on "the caller's reader"
 * carry it in the `reader_id` header (spec §6).
 */

export const posKeys = {
  userReader: (userId: number) => ['pos', 'user-reader', userId] as const,
  reader: (readerId: string) => ['pos', 'reader', readerId] as const,
  readers: ['pos', 'readers'] as const,
  products: ['pos', 'products'] as const,
  prices: ['pos', 'prices'] as const,
  allCharges: ['pos', 'charges'] as const,
  charges: (search: ChargeSearchRequest | undefined) => ['pos', 'charges', search] as const,
  receipt: (id: number) => ['pos', 'receipt', id] as const,
  seller: ['pos', 'seller'] as const,
  invoice: (id: number) => ['pos', 'invoice', id] as const,
  sandboxCheckout: (id: string) => ['pos', 'sandbox-checkout', id] as const,
  completedCheckout: (sessionId: string) => ['pos', 'completed-checkout', sessionId] as const,
};

function readerHeader(readerId: string | undefined): Record<string, string> {
  return readerId ? { [READER_ID_HEADER]: readerId } : {};
}

// ---------------------------------------------------------------- readers

/** POST api/pos/GetUserReader: the caller's own reader, or null when none is assigned. */
export function useUserReader(userId: number) {
  return useQuery({
    queryKey: posKeys.userReader(userId),
    queryFn: ({ signal }) =>
      api.post<ReaderSummary | null>('/api/pos/GetUserReader', { user_id: userId }, { signal }),
    enabled: userId > 0,
    staleTime: 60_000,
  });
}

/**
 * POST api/pos/get_reader: the reader's status and action. Polled every second while `poll` says
 * so (an action of ours is in progress); a reader that is gone answers 404 `reader_not_present`.
 */
export function useReader(readerId: string | undefined, poll: (reader: PosReader | undefined) => boolean) {
  return useQuery({
    queryKey: posKeys.reader(readerId ?? ''),
    queryFn: ({ signal }) =>
      api.post<PosReader>('/api/pos/get_reader', undefined, { signal, headers: readerHeader(readerId) }),
    enabled: Boolean(readerId),
    retry: false,
    staleTime: 0,
    refetchInterval: (query) => (poll(query.state.data) ? READER_POLL_MS : false),
    refetchIntervalInBackground: true,
  });
}

/** POST api/pos/showreaders: every reader with its status, for the reader dialog. */
export function useReaderList(enabled: boolean) {
  return useQuery({
    queryKey: posKeys.readers,
    queryFn: ({ signal }) => api.post<ReaderWithStatus[]>('/api/pos/showreaders', undefined, { signal }),
    enabled,
    staleTime: 0,
  });
}

/** POST api/pos/update_user_reader, then the user's reader and its status are asked for again. */
export function useUpdateUserReader(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (readerId: string) =>
      api.post<ReaderSummary>('/api/pos/update_user_reader', { user_id: userId, reader_id: readerId }),
    onSuccess: async (reader) => {
      queryClient.setQueryData(posKeys.userReader(userId), reader);
      await queryClient.invalidateQueries({ queryKey: posKeys.reader(reader.id) });
    },
  });
}

// ---------------------------------------------------------------- payments with a reader

/**
 * A reader call answers with the reader as it now is: that answer replaces the cached reader, so
 * the status line and the page waiting on the action see it at once.
 */
function useAdoptReader() {
  const queryClient = useQueryClient();
  return (readerId: string | undefined, reader: PosReader | undefined) => {
    if (readerId && reader?.id) queryClient.setQueryData<PosReader>(posKeys.reader(readerId), reader);
  };
}

export function useCreatePaymentIntent() {
  return useMutation({
    mutationFn: (body: CreatePaymentIntent) =>
      api.post<{ id: string }>('/api/pos/create_payment_intent', body),
  });
}

/** Hands the payment intent to the reader, whose action becomes process_payment_intent. */
export function useProcessPayment() {
  const adopt = useAdoptReader();
  return useMutation({
    mutationFn: (body: ProcessPayment) => api.post<PosReader>('/api/pos/process_payment', body),
    onSuccess: (reader, body) => adopt(body.readerId, reader),
  });
}

/** Cancels the action of the reader `id` (domain/pos/readers.ts). */
export function useCancelReaderAction() {
  const adopt = useAdoptReader();
  return useMutation({
    mutationFn: (body: CancelPayment) => api.post<PosReader>('/api/pos/cancel_payment', body),
    onSuccess: (reader, body) => adopt(body.id, reader),
  });
}

/** Test mode: a card (or an Interac card) is presented to the reader. */
export function useSimulatePayment() {
  const adopt = useAdoptReader();
  return useMutation({
    mutationFn: ({ readerId, interac }: { readerId: string; interac: boolean }) =>
      api.post<PosReader>(
        interac ? '/api/pos/simulate_interac_payment' : '/api/pos/simulate_payment',
        {},
        { headers: readerHeader(readerId) },
      ),
    onSuccess: (reader, { readerId }) => adopt(readerId, reader),
  });
}

export function useSaveUserPaymentDetail() {
  return useMutation({
    mutationFn: (body: SaveUserPaymentDetail) =>
      api.post<SavedPaymentDetail>('/api/pos/save_user_payment_detail', body),
  });
}

// ---------------------------------------------------------------- card checkout

export function usePosProducts() {
  return useQuery({
    queryKey: posKeys.products,
    queryFn: ({ signal }) => api.post<PosProduct[]>('/api/pos/list_products', undefined, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function usePosPrices() {
  return useQuery({
    queryKey: posKeys.prices,
    queryFn: ({ signal }) => api.post<PosPrice[]>('/api/pos/list_prices', undefined, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** Priced on the server from the catalogue, with the store's tax when `addTax` (default on). */
export function useCreateCheckoutSession() {
  return useMutation({
    mutationFn: (body: CreateCheckoutSession) =>
      api.post<{ url: string }>('/api/pos/create-checkout-session', body),
  });
}

/**
 * POST api/pos/checkout-sessions/{id}/complete, once per session: the paid session becomes its sale
 * (stock taken, its receipt made). A query rather than a mutation so that the page asks once however
 * often it renders; the server answers the same sale to a repeat, so a reload is harmless too. No
 * abort signal: leaving the page does not stop a sale half-way.
 */
export function useCompletedCheckout(sessionId: string | undefined) {
  return useQuery({
    queryKey: posKeys.completedCheckout(sessionId ?? ''),
    queryFn: () =>
      api.post<Sale>(`/api/pos/checkout-sessions/${encodeURIComponent(sessionId ?? '')}/complete`),
    enabled: Boolean(sessionId),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}

/** GET api/pos/sandbox-checkout/{id}: the hosted page's session (public, like Stripe Checkout). */
export function useSandboxCheckout(id: string) {
  return useQuery({
    queryKey: posKeys.sandboxCheckout(id),
    queryFn: ({ signal }) =>
      api.get<SandboxCheckout>(`/api/pos/sandbox-checkout/${encodeURIComponent(id)}`, { signal }),
    enabled: id !== '',
    retry: false,
  });
}

export function usePaySandboxCheckout(id: string) {
  return useMutation({
    mutationFn: (card: SandboxCheckoutPay) =>
      api.post<SandboxCheckout>(`/api/pos/sandbox-checkout/${encodeURIComponent(id)}`, card),
  });
}

// ---------------------------------------------------------------- receipts

export function useCreateReceipt() {
  return useMutation({
    mutationFn: (body: CreateReceipt) => api.post<ReceiptCreated>('/api/pos/receipts', body),
  });
}

/** GET api/pos/seller: who a receipt names, shown before it is generated. */
export function useSeller(enabled: boolean) {
  return useQuery({
    queryKey: posKeys.seller,
    queryFn: ({ signal }) => api.get<Seller>('/api/pos/seller', { signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}

export function useReceipt(id: number | undefined) {
  return useQuery({
    queryKey: posKeys.receipt(id ?? 0),
    queryFn: ({ signal }) => api.get<Receipt>(`/api/pos/receipts/${id}`, { signal }),
    enabled: id !== undefined && id > 0,
  });
}

export function useSendReceipt() {
  return useMutation({
    mutationFn: ({ id, ...body }: SendReceipt & { id: number }) =>
      api.post<boolean>(`/api/pos/receipts/${id}/send`, body),
  });
}

// ---------------------------------------------------------------- invoices

export function useCreateInvoice() {
  return useMutation({
    mutationFn: (body: CreateInvoice) => api.post<InvoiceCreated>('/api/invoice/CreateInvoice', body),
  });
}

export function useInvoice(id: number | undefined) {
  return useQuery({
    queryKey: posKeys.invoice(id ?? 0),
    queryFn: ({ signal }) => api.get<Invoice>(`/api/invoice/${id}`, { signal }),
    enabled: id !== undefined && id > 0,
  });
}

export function useSendInvoice() {
  return useMutation({
    mutationFn: (body: SendInvoice) => api.post<boolean>('/api/invoice/SendInvoice', body),
  });
}

// ---------------------------------------------------------------- refunds

/** POST api/pos/search-charge; runs when a search is given (the form's Search button). */
export function useChargeSearch(search: ChargeSearchRequest | undefined) {
  return useQuery({
    queryKey: posKeys.charges(search),
    queryFn: ({ signal }) => api.post<PosCharge[]>('/api/pos/search-charge', search, { signal }),
    enabled: search !== undefined,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** A refund call: the request, the reader it names (spec §6) and the attempt's Idempotency-Key. */
export interface RefundCall {
  readerId: string | undefined;
  request: RefundRequest;
  idempotencyKey: string;
}

function refundHeaders({ readerId, idempotencyKey }: RefundCall): Record<string, string> {
  return { ...readerHeader(readerId), [IDEMPOTENCY_KEY_HEADER]: idempotencyKey };
}

/** POST api/pos/refund: a card refund made online; a succeeded one changes the charges found. */
export function useRefundCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (call: RefundCall) =>
      api.post<RefundResult>('/api/pos/refund', call.request, { headers: refundHeaders(call) }),
    onSuccess: (result) => {
      if (cardRefundSucceeded(result)) {
        void queryClient.invalidateQueries({ queryKey: posKeys.allCharges });
      }
    },
  });
}

/** POST api/pos/refund-interac: the reader's action becomes refund_payment, in progress. */
export function useRefundInterac() {
  const adopt = useAdoptReader();
  return useMutation({
    mutationFn: (call: RefundCall) =>
      api.post<PosReader>('/api/pos/refund-interac', call.request, { headers: refundHeaders(call) }),
    onSuccess: (reader, call) => adopt(call.readerId, reader),
  });
}
