import type { Box } from '../../../domain/shipping.ts';

/** Who a parcel goes to, as a carrier's booking asks for it (spec §5 consigneeShipper). */
export interface Consignee {
  name: string;
  company: string;
  countryCode: string;
  province: string;
  city: string;
  address1: string;
  address2: string;
  postCode: string;
  phone: string;
  email: string;
}

export interface ShipmentRequest {
  /** The shop's order number: one shipment per order, booking it again answers the same one. */
  orderNo: string;
  /** The carrier service ('CP-REG'...), from the quotes. */
  productCode: string;
  consignee: Consignee;
  box: Box;
}

export type ShipmentStatus = 'created' | 'saved' | 'cancelled';

export interface Shipment {
  id: string;
  orderNo: string;
  productCode: string;
  productName: string;
  trackingNumber: string;
  status: ShipmentStatus;
  /** What the carrier charges the shop, in cents. */
  totalPrice: number;
  consignee: Consignee;
  box: Box;
  createdAt: string;
}

/** The shop's account at the carrier (GET api/shipping/accountInfo). */
export interface CarrierAccount {
  customerNo: string;
  name: string;
  /** Prepaid balance in cents, when the carrier has one. */
  balance: number | null;
  currencyCode: string;
}

/** The sender on every label: the store. */
export interface ShipFrom {
  name: string;
  address: string;
  phone: string;
  /** The shipper's time zone (IANA): the label's ship date is its day. */
  timeZone: string;
}

/**
 * A carrier that books shipments and prints their labels (DESIGN.md providers: shipping). The
 * built-in one keeps its shipments in the database; an adapter for a real carrier's API does the
 * same calls against it (README "Shipping carriers").
 */
export interface ShippingCarrier {
  /** Books a parcel; idempotent per order number. */
  createShipment(request: ShipmentRequest): Promise<Shipment>;
  /** Confirms a booked shipment (the shop shipped it); idempotent. */
  saveShipment(orderNo: string): Promise<Shipment>;
  /** The shipment of an order, or null when none was booked. */
  shipment(orderNo: string): Promise<Shipment | null>;
  /** The newest shipments first. */
  listShipments(limit: number): Promise<Shipment[]>;
  /** The shipment's 4x6 inch label, as a PDF. */
  label(orderNo: string, from: ShipFrom): Promise<Buffer>;
  account(): Promise<CarrierAccount>;
}

/**
 * Why a carrier refused (every adapter throws these, so routes map them once): no shipment for the
 * order (404), an unknown or unavailable service (409), a parcel the carrier cannot take: outside
 * Canada, too heavy or too large, an incomplete address (400), or a cancelled shipment (409).
 */
export type CarrierErrorCode = 'shipment_not_found' | 'no_service' | 'not_shippable' | 'shipment_cancelled';

export class CarrierError extends Error {
  constructor(
    readonly code: CarrierErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'CarrierError';
  }
}

export function isCarrierError(error: unknown): error is CarrierError {
  return error instanceof CarrierError;
}
