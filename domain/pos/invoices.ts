/** Invoices (spec pos.md §2, §3): the form, the lines, the totals. */
import { z } from 'zod';
import { taxOn, toCents } from '../money.ts';
import { PG_INTEGER_MAX } from '../validation.ts';
import { INVOICE_LINES_MAX, INVOICE_QUANTITY_MAX, POS_AMOUNT_MAX_CENTS } from './constants.ts';
import { cents, dollarsInput, ignoredAmount, posEmailSchema } from './fields.ts';
import { POS_MESSAGES } from './messages.ts';
import { type ReceiptLine, sellerSchema } from './receipts.ts';
import { posTotals } from './sale.ts';

const invoiceText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} cannot be more than ${max} characters long.`);

/** One invoice line as sent: price in CENTS (use `toInvoiceRequest` from the form's dollars). */
const invoiceProductSchema = z.strictObject({
  product_name: invoiceText('Product', 200),
  price: z
    .number({ error: 'Price is required.' })
    .int('Price must be a whole number of cents.')
    .min(0, 'Price cannot be negative.')
    .max(POS_AMOUNT_MAX_CENTS, 'Price is too large.'),
  quantity: z
    .number({ error: 'Quantity is required.' })
    .int('Quantity must be a whole number.')
    .min(1, 'Quantity must be at least 1.')
    .max(INVOICE_QUANTITY_MAX, `Quantity cannot be more than ${INVOICE_QUANTITY_MAX}.`),
});

/** POST api/invoice/CreateInvoice: the server computes subtotal, tax (store rate) and total. */
export const createInvoiceSchema = z.strictObject({
  client_name: invoiceText('Customer Name', 100),
  address: invoiceText('Address', 300),
  email: posEmailSchema,
  contact_no: invoiceText('Contact No.', 50),
  products: z
    .array(invoiceProductSchema, { error: POS_MESSAGES.invoiceNoProducts })
    .min(1, POS_MESSAGES.invoiceNoProducts)
    .max(INVOICE_LINES_MAX, `An invoice cannot have more than ${INVOICE_LINES_MAX} products.`),
  additionalDetails: z
    .string()
    .trim()
    .max(2000, 'Additional Details cannot be more than 2000 characters long.')
    .nullish()
    .transform((value) => value ?? ''),
  /** The spec's form sends them; ignored, the server computes its own. */
  tax: ignoredAmount,
  total: ignoredAmount,
});
export type CreateInvoice = z.input<typeof createInvoiceSchema>;

export const invoiceCreatedSchema = z.object({
  invoice_id: z.number().int(),
  invoice_number: z.number().int(),
  subtotal: cents,
  tax: cents,
  total: cents,
  tax_rate: z.number(),
  created: z.string(),
});
export type InvoiceCreated = z.infer<typeof invoiceCreatedSchema>;

/** GET api/invoice/{id}: the stored invoice (prices in cents). */
export const invoiceSchema = z.object({
  id: z.number().int(),
  invoice_number: z.number().int(),
  client_name: z.string(),
  address: z.string(),
  email: z.string(),
  contact_no: z.string(),
  products: z.array(
    z.object({ product_name: z.string(), price: cents, quantity: z.number().int(), amount: cents }),
  ),
  additionalDetails: z.string(),
  subtotal: cents,
  tax: cents,
  tax_rate: z.number(),
  total: cents,
  created: z.string(),
  seller: sellerSchema,
});
export type Invoice = z.infer<typeof invoiceSchema>;

/** POST api/invoice/SendInvoice: the server renders the A5 PDF; answers true or false. */
export const sendInvoiceSchema = z.strictObject({
  invoice_id: z
    .number({ error: 'Invoice is required.' })
    .int()
    .positive()
    .max(PG_INTEGER_MAX, 'Invoice was not found.'),
  email: posEmailSchema,
});
export type SendInvoice = z.input<typeof sendInvoiceSchema>;
export const sendResultSchema = z.boolean();

/** The Generate Invoice form (web): prices in dollars as typed. */
export const invoiceFormSchema = z.object({
  client_name: invoiceText('Customer Name', 100),
  address: invoiceText('Address', 300),
  email: posEmailSchema,
  contact_no: invoiceText('Contact No.', 50),
  products: z
    .array(
      z.object({
        product_name: invoiceText('Product', 200),
        price: dollarsInput('Price is required.', 'Price must be a number.').pipe(
          z
            .number()
            .min(0, 'Price cannot be negative.')
            .max(POS_AMOUNT_MAX_CENTS / 100, 'Price is too large.'),
        ),
        quantity: dollarsInput('Quantity is required.', 'Quantity must be a number.').pipe(
          z
            .number()
            .int('Quantity must be a whole number.')
            .min(1, 'Quantity must be at least 1.')
            .max(INVOICE_QUANTITY_MAX, `Quantity cannot be more than ${INVOICE_QUANTITY_MAX}.`),
        ),
      }),
    )
    .min(1, POS_MESSAGES.invoiceNoProducts)
    .max(INVOICE_LINES_MAX),
  additionalDetails: z.string().max(2000).optional(),
});
export type InvoiceFormInput = z.input<typeof invoiceFormSchema>;
type InvoiceFormValues = z.output<typeof invoiceFormSchema>;

/** The parsed form to the CreateInvoice body: dollars to cents. */
export function toInvoiceRequest(form: InvoiceFormValues): CreateInvoice {
  return {
    client_name: form.client_name,
    address: form.address,
    email: form.email,
    contact_no: form.contact_no,
    products: form.products.map((line) => ({
      product_name: line.product_name,
      price: toCents(line.price),
      quantity: line.quantity,
    })),
    additionalDetails: form.additionalDetails ?? '',
  };
}

interface InvoiceTotals {
  subtotal: number;
  tax: number;
  total: number;
}

/** Subtotal of price x quantity, tax = round(subtotal x rate) on the whole invoice, in cents. */
export function invoiceTotals(
  products: { price: number; quantity: number }[],
  taxRatePpm: number,
): InvoiceTotals {
  const subtotal = products.reduce((sum, line) => sum + line.price * line.quantity, 0);
  const tax = taxOn(subtotal, taxRatePpm);
  return { subtotal, tax, total: subtotal + tax };
}

/** Receipt lines with their tax (per line) and totals, in cents. */
export function receiptTotals(
  lines: { product_name: string; amount: number; addTax: boolean }[],
  taxRatePpm: number,
): { lines: ReceiptLine[] } & InvoiceTotals {
  const computed = lines.map((line) => {
    const totals = posTotals(line.amount, line.addTax, taxRatePpm);
    return {
      product_name: line.product_name,
      amount: totals.amount,
      tax: totals.tax,
      total: totals.total,
      addTax: line.addTax,
    };
  });
  const subtotal = computed.reduce((sum, line) => sum + line.amount, 0);
  const tax = computed.reduce((sum, line) => sum + line.tax, 0);
  return { lines: computed, subtotal, tax, total: subtotal + tax };
}
