import type { LoginRecord } from '../../domain/auth.ts';

/** A client's login record as the server answers it, with the fields a test cares about. */
export function loginRecord(fields: Partial<LoginRecord> = {}): LoginRecord {
  return {
    client_id: 7,
    user_name: 'jdoe',
    client_full_name: 'Jane Doe',
    first_name: 'Jane',
    middle_initial: '',
    last_name: 'Doe',
    company_name: 'Doe Socks',
    email: 'jane@example.com',
    phone: '',
    address: '',
    city: '',
    province: 'ON',
    country: 'Canada',
    postalcode: '',
    roles: ['CLIENT'],
    token: 'tok',
    expires_at: '2030-01-01T00:00:00Z',
    ...fields,
  };
}
