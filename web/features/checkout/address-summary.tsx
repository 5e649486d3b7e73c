import type { SavedAddress } from '../../../domain/address.ts';

/** A saved address as a few lines of text (the read-only summary after saving). */
export function AddressLines({ address }: { address: SavedAddress }) {
  const name = [address.first_name, address.middle_initial, address.last_name].filter(Boolean).join(' ');
  const street = [address.address, address.address2].filter(Boolean).join(', ');
  const place = `${address.city}, ${address.province} ${address.postalcode}`;
  const contact = [address.email, address.phone].filter(Boolean).join(' · ');
  return (
    <address style={{ fontStyle: 'normal' }}>
      {name}
      <br />
      {street}
      <br />
      {place}
      <br />
      {address.country || address.country_code}
      {contact ? (
        <>
          <br />
          {contact}
        </>
      ) : null}
    </address>
  );
}

/** The address on one line, for a collapsed step. */
export function addressLine(address: SavedAddress): string {
  const name = [address.first_name, address.last_name].filter(Boolean).join(' ');
  // The place as the address's lines write it: 'Ottawa, ON K1A 0A9'.
  const place = `${address.city}, ${address.province} ${address.postalcode}`.trim();
  return [name, address.address, place].filter(Boolean).join(', ');
}
