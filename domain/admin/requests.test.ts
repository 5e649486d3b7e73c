import { describe, expect, it } from 'vitest';
import { invoiceFormSchema } from '../pos/invoices.ts';
import { type InvoiceDraft, invoiceFormValuesOf, isRequestKind } from './requests.ts';

const DRAFT: InvoiceDraft = {
  client_name: 'Wren Wish',
  email: 'wren@example.ca',
  contact_no: '613-555-0102',
  address: '1 Wellington St, Ottawa',
  products: [
    { product_name: 'Crew socks (M)', price: 1250, quantity: 3, priced: true },
    { product_name: 'Retired sock', price: 0, quantity: 2, priced: false },
  ],
  additionalDetails: 'Wish request #4',
};

describe('the invoice form from a wish list draft', () => {
  it('types prices in dollars and leaves a line without a price blank, for the cashier', () => {
    const values = invoiceFormValuesOf({ invoiceDraft: DRAFT });
    expect(values?.products).toEqual([
      { product_name: 'Crew socks (M)', price: '12.50', quantity: 3 },
      { product_name: 'Retired sock', price: '', quantity: 2 },
    ]);
    expect(values).toMatchObject({ client_name: 'Wren Wish', contact_no: '613-555-0102' });
    // The blank price is what the form asks for before an invoice is made.
    const parsed = invoiceFormSchema.safeParse(values);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['products.1.price']);
  });

  it('ignores any other router state', () => {
    expect(invoiceFormValuesOf(null)).toBeUndefined();
    expect(invoiceFormValuesOf({ print: true })).toBeUndefined();
    expect(invoiceFormValuesOf({ invoiceDraft: { ...DRAFT, products: 'x' } })).toBeUndefined();
  });

  it('knows the three kinds of request', () => {
    expect(['custom', 'contact', 'wish', 'order', 'Wish'].map(isRequestKind)).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
  });
});
