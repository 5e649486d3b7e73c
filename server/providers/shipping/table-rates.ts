import type { Box, Carrier, CarrierQuote } from '../../../domain/shipping.ts';
import type { Destination, ShippingRates } from './shipping-rates.ts';

/** Zones from the shop in Ontario: 1 Ontario, 2 Quebec, 3 Atlantic and Manitoba, 4 West, 5 North. */
const ZONES: Record<string, number> = {
  ON: 1,
  QC: 2,
  MB: 3,
  NB: 3,
  NS: 3,
  PE: 3,
  NL: 3,
  AB: 4,
  BC: 4,
  SK: 4,
  NT: 5,
  NU: 5,
  YT: 5,
};

interface RateTable extends Carrier {
  days: string;
  /** Price in cents of the first kilogram, by zone 1 to 5. */
  base: readonly [number, number, number, number, number];
  /** Price in cents of each further kilogram (or part of one), by zone. */
  perKg: readonly [number, number, number, number, number];
}

/** Built-in carriers priced like Canadian parcel services' public retail rates (2026, before tax). */
const TABLES: readonly RateTable[] = [
  {
    code: 'CP-REG',
    name: 'Canada Post Regular Parcel',
    days: '4-8 business days',
    base: [1099, 1399, 1599, 1799, 2899],
    perKg: [150, 210, 260, 300, 650],
  },
  {
    code: 'CP-EXP',
    name: 'Canada Post Expedited Parcel',
    days: '2-5 business days',
    base: [1299, 1549, 1749, 1999, 3299],
    perKg: [160, 220, 270, 320, 690],
  },
  {
    code: 'PUR-GRD',
    name: 'Purolator Ground',
    days: '1-4 business days',
    base: [1249, 1499, 1899, 2149, 3999],
    perKg: [140, 200, 290, 340, 780],
  },
];

/** Parcel services bill the greater of the real weight and the volume weight (cm³ / 5000 per kg). */
const VOLUME_DIVISOR_CM3_PER_KG = 5000;

export function billableKilograms(box: Box): number {
  const sideCm = box.sideMm / 10;
  const volumeKg = (sideCm * sideCm * sideCm) / VOLUME_DIVISOR_CM3_PER_KG;
  return Math.max(1, Math.ceil(Math.max(box.weightG / 1000, volumeKg)));
}

export function createTableRates(): ShippingRates {
  return {
    carriers: () => TABLES.map(({ code, name }) => ({ code, name })),
    async quote(box: Box, destination: Destination): Promise<CarrierQuote[]> {
      const zone = destination.countryCode === 'CA' ? ZONES[destination.province.toUpperCase()] : undefined;
      if (zone === undefined) return [];
      const extraKg = billableKilograms(box) - 1;
      return TABLES.map((table) => ({
        productName: table.name,
        productCode: table.code,
        totalPrice: (table.base[zone - 1] ?? 0) + extraKg * (table.perKg[zone - 1] ?? 0),
        effectiveTime: table.days,
        currencyCode: 'CAD',
      }));
    },
  };
}
