/** The packing slip in the box: what was ordered and not refunded, where it goes, and no prices. */
import { describe, expect, it } from 'vitest';
import { parsePdf } from '../../test/pdf.ts';
import { linesToPack, type PackingSlip, packingSlipPdf, packingSlipsPdf } from './packing-slip-pdf.ts';

function slip(overrides: Partial<PackingSlip> = {}): PackingSlip {
  return {
    orderNumber: 1001,
    date: new Date('2026-12-01T15:00:00Z'),
    timeZone: 'America/Toronto',
    shipTo: ['Avery Lachance', '1234 Rue Sainte-Catherine Ouest, Apt 5B', 'Montréal, QC H3G 1P1', 'Canada'],
    store: {
      name: 'Maple Sock Co.',
      address: 'Unit 112, Square One Shopping Centre, 100 City Centre Dr, Mississauga, ON L5B 2C9',
      email: 'hello@maplesock.ca',
    },
    lines: [
      { code: 'MS-ARG-001', name: 'Argyle Merino Crew Socks', sizeName: 'M', quantity: 2 },
      {
        code: 'MS-HKY-014',
        name: 'Hockey Night Wool Socks',
        sizeName: 'XL',
        quantity: 5,
        refundedQuantity: 2,
      },
      { code: 'MS-LOO-007', name: 'Loon Ankle Socks', sizeName: 'S', quantity: 1, refundedQuantity: 1 },
      { code: 'MS-GFT-BOX', name: 'Gift Box', sizeName: '', quantity: 1 },
    ],
    ...overrides,
  };
}

/** The text of a table row as pdf-parse reads it: cells joined by tabs or spaces. */
function row(...cells: string[]): RegExp {
  return new RegExp(cells.map((cell) => cell.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s+'));
}

describe('packing slip', () => {
  it('is a letter page with the store, the order, the address, the lines and a thank-you', async () => {
    const { info, text } = await parsePdf(await packingSlipPdf(slip()));
    expect(info.total).toBe(1);
    expect(info.pages[0]?.width).toBe(612);
    expect(info.pages[0]?.height).toBe(792);
    for (const expected of [
      'PACKING SLIP',
      'Maple Sock Co.',
      'Order No. 1001',
      'Dec 01, 2026',
      'Avery Lachance',
      'Montréal, QC H3G 1P1',
      'Thank you for your order!',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(row('MS-ARG-001', 'Argyle Merino Crew Socks', 'M', '2'));
    expect(text).toMatch(row('MS-GFT-BOX', 'Gift Box', '-', '1'));
  });

  it('counts only the pairs not refunded, and leaves out lines refunded whole', async () => {
    const { text } = await parsePdf(await packingSlipPdf(slip()));
    expect(text).toMatch(row('MS-HKY-014', 'Hockey Night Wool Socks', 'XL', '3'));
    expect(text).not.toContain('Loon Ankle Socks');
    expect(text).toContain('Total items: 6');
  });

  it('shows no prices', async () => {
    const { text } = await parsePdf(await packingSlipPdf(slip()));
    expect(text).not.toMatch(/\$|CDN|Price|Total:|Subtotal|Tax/);
  });

  it('names the service and tracking number when the parcel was booked', async () => {
    const { text } = await parsePdf(
      await packingSlipPdf(
        slip({
          shipment: { service: 'Canada Post Expedited Parcel', trackingNumber: '7023 2108 3941 4519' },
        }),
      ),
    );
    expect(text).toContain('Canada Post Expedited Parcel');
    expect(text).toContain('7023 2108 3941 4519');
  });

  it('prints several orders in one document, each on its own page', async () => {
    const { info, text } = await parsePdf(
      await packingSlipsPdf([slip(), slip({ orderNumber: 1002 }), slip({ orderNumber: 1003 })]),
    );
    expect(info.total).toBe(3);
    for (const number of [1001, 1002, 1003]) expect(text).toContain(`Order No. ${number}`);
    expect(() => packingSlipsPdf([])).toThrow(RangeError);
  });

  it('runs a long order onto more pages, each saying whose slip it continues', async () => {
    const lines = Array.from({ length: 45 }, (_, index) => ({
      code: `MS-${index + 1}`,
      name: `Sock ${index + 1}`,
      sizeName: 'M',
      quantity: 1,
    }));
    const { info, text } = await parsePdf(await packingSlipPdf(slip({ lines })));
    expect(info.total).toBe(2);
    expect(text).toContain('Packing slip, order No. 1001 (continued)');
    expect(text).toMatch(row('MS-45', 'Sock 45', 'M', '1'));
    expect(text).toContain('Total items: 45');
  });

  it('says so when nothing is left to ship', async () => {
    const { text } = await parsePdf(
      await packingSlipPdf(
        slip({
          lines: [{ code: 'A', name: 'Refunded Socks', sizeName: 'M', quantity: 2, refundedQuantity: 2 }],
        }),
      ),
    );
    expect(text).toContain('Nothing left to ship.');
    expect(linesToPack([{ code: 'A', name: 'A', sizeName: '', quantity: 1, refundedQuantity: 3 }])).toEqual(
      [],
    );
  });
});
