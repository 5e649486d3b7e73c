import type { Box, Carrier, CarrierQuote } from '../../../domain/shipping.ts';

export interface Destination {
  province: string;
  postalcode: string;
  countryCode: string;
}

/** Quotes per carrier for one box to a destination (DESIGN.md providers: shipping). */
export interface ShippingRates {
  carriers(): Carrier[];
  quote(box: Box, destination: Destination): Promise<CarrierQuote[]>;
}
