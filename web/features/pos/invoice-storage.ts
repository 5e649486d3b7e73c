import { POS_INVOICE_DETAILS_KEY } from '../../../domain/storage-keys.ts';

/**
 * The invoice kept in browser storage under POS_InvoiceDetails (spec pos §3): the spec's
 * convenience, so that the invoice page knows which stored invoice to show. Prices are cents.
 */
export interface InvoiceDetails {
  id: number;
  invoice_number: number;
  client_name: string;
  address: string;
  email: string;
  contactNo: string;
  products: { product_name: string; price: number; quantity: number }[];
  additionalDetails: string;
}

export function storeInvoiceDetails(details: InvoiceDetails): void {
  try {
    window.localStorage.setItem(POS_INVOICE_DETAILS_KEY, JSON.stringify(details));
  } catch {
    // Without storage the invoice page cannot find it; the invoice itself is on the server.
  }
}

/** The stored invoice, or undefined when there is none (or it is not one). */
export function parseInvoiceDetails(raw: string | null): InvoiceDetails | undefined {
  if (!raw) return undefined;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return undefined;
    const details = value as Partial<InvoiceDetails>;
    if (typeof details.id !== 'number' || !Number.isInteger(details.id) || details.id <= 0) return undefined;
    return {
      id: details.id,
      invoice_number: typeof details.invoice_number === 'number' ? details.invoice_number : 0,
      client_name: typeof details.client_name === 'string' ? details.client_name : '',
      address: typeof details.address === 'string' ? details.address : '',
      email: typeof details.email === 'string' ? details.email : '',
      contactNo: typeof details.contactNo === 'string' ? details.contactNo : '',
      products: Array.isArray(details.products) ? details.products : [],
      additionalDetails: typeof details.additionalDetails === 'string' ? details.additionalDetails : '',
    };
  } catch {
    return undefined;
  }
}

export function readInvoiceDetails(): InvoiceDetails | undefined {
  try {
    return parseInvoiceDetails(window.localStorage.getItem(POS_INVOICE_DETAILS_KEY));
  } catch {
    return undefined;
  }
}
