import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SavedAddress } from '../../../domain/address.ts';
import type {
  ConfirmResult,
  Order,
  PaymentMethod,
  PaymentResult,
  SandboxCard,
} from '../../../domain/orders.ts';
import type { ShippingFee } from '../../../domain/shipping.ts';
import { api } from '../../lib/api.ts';

export const checkoutKeys = {
  addresses: (clientId: number) => ['addresses', clientId] as const,
  countries: ['countries'] as const,
  provinces: (country: string) => ['provinces', country] as const,
  shippingFee: (address: FeeAddress, cartTotal: number) =>
    ['shipping-fee', address.province, address.postalcode, address.country_code, cartTotal] as const,
  tax: (province: string) => ['tax', province] as const,
};

export interface Place {
  code: string;
  name: string;
}

/** The client's current shipping (type 1) and billing (type 2) addresses. */
export function useSavedAddresses(clientId: number) {
  return useQuery({
    queryKey: checkoutKeys.addresses(clientId),
    queryFn: ({ signal }) => api.get<SavedAddress[]>(`/api/Address/client/${clientId}`, { signal }),
    enabled: clientId > 0,
    // Checkout decides its first step from these once: an answer cached from before must not do it.
    staleTime: 0,
  });
}

export function useCountries() {
  return useQuery({
    queryKey: checkoutKeys.countries,
    queryFn: ({ signal }) => api.get<Place[]>('/api/Address/countries', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Provinces or states of a country with a list (CA, US); nothing for the others. */
export function useProvinces(country: string) {
  return useQuery({
    queryKey: checkoutKeys.provinces(country),
    queryFn: ({ signal }) =>
      api.get<Place[]>(`/api/Address/${encodeURIComponent(country)}/province`, { signal }),
    enabled: country === 'CA' || country === 'US',
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** POST api/Address: the saved address (id 0 saves a new one, which becomes the current one). */
export function useSaveAddress(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (address: Record<string, unknown>) =>
      api.post<SavedAddress | undefined>('/api/Address', address),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: checkoutKeys.addresses(clientId), refetchType: 'none' }),
  });
}

export type FeeAddress = Pick<SavedAddress, 'province' | 'postalcode' | 'country_code'>;

/**
 * POST api/Payment/shippingfee for the client's cart and the shipping address. While a new quote
 * is on its way, or when the server cannot size the box (409 no_dimensions), the previous fee
 * stays (spec §4 Shipping fee).
 */
export function useShippingFee(address: FeeAddress | undefined, cartTotal: number) {
  const key = address ?? { province: '', postalcode: '', country_code: '' };
  return useQuery({
    queryKey: checkoutKeys.shippingFee(key, cartTotal),
    queryFn: ({ signal }) =>
      api.post<ShippingFee>(
        '/api/Payment/shippingfee',
        {
          total: cartTotal,
          address: { province: key.province, postalcode: key.postalcode, country_code: key.country_code },
        },
        { signal },
      ),
    enabled: address !== undefined,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** GET api/Tax/{province}: the province's summed rate (0.13). */
export function useTaxRate(province: string | undefined) {
  return useQuery({
    queryKey: checkoutKeys.tax(province ?? ''),
    queryFn: ({ signal }) =>
      api.get<{ province: string; tax_rate: number }>(`/api/Tax/${encodeURIComponent(province ?? '')}`, {
        signal,
      }),
    enabled: Boolean(province && /^[A-Za-z]{2}$/.test(province)),
    staleTime: 10 * 60_000,
  });
}

/** Sandbox only: what Stripe.js's createPaymentMethod does with Stripe (402 with the card's message). */
export function createSandboxPaymentMethod(card: SandboxCard): Promise<PaymentMethod> {
  return api.post<PaymentMethod>('/api/Payment/sandbox/paymentmethod', card);
}

/** POST api/Payment: authorize the server-computed total with the payment method. */
export function useAuthorizePayment() {
  return useMutation({
    mutationFn: (body: { userId: number; paymentMethodId: string }) =>
      api.post<PaymentResult>('/api/Payment', body),
  });
}

/** POST api/Payment/authentication: the payment's outcome once the cardholder answered 3-D Secure. */
export function useAuthenticationResult() {
  return useMutation({
    mutationFn: (body: { userId: number; paymentIntentId: string }) =>
      api.post<PaymentResult>('/api/Payment/authentication', body),
  });
}

/** Sandbox only: the cardholder's answer on the sandbox's 3-D Secure challenge. */
export function answerSandboxChallenge(paymentIntentId: string, outcome: 'complete' | 'fail'): Promise<void> {
  return api.post<void>('/api/Payment/sandbox/authenticate', { paymentIntentId, outcome });
}

/** POST api/Payment/confirm: place the order paid by the authorized payment intent. */
export function usePlaceOrder() {
  return useMutation({
    mutationFn: (body: { userId: number; paymentIntentId: string; orderRequest: unknown }) =>
      api.post<ConfirmResult>('/api/Payment/confirm', body),
  });
}

/** GET api/orders/{orderNumber}: one of the caller's own orders (404 for another's, or none). */
export function useOwnOrder(orderNumber: number | undefined) {
  return useQuery({
    queryKey: ['orders', 'one', orderNumber],
    queryFn: ({ signal }) => api.get<Order>(`/api/orders/${orderNumber}`, { signal }),
    enabled: orderNumber !== undefined,
    retry: false,
  });
}
