import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '../../domain/config.ts';
import { DEFAULT_STORE_TIME_ZONE } from '../../domain/dates.ts';
import { api } from './api.ts';

/**
 * The public shop settings (GET api/config). When the server cannot be reached the shell still
 * shows, with these fallbacks: prices hidden, search off, no test-mode extras.
 */
export const FALLBACK_CONFIG: PublicConfig = {
  storeName: 'Maple Sock Co.',
  storeAddress: 'Ontario, Canada',
  storeEmail: '',
  storePhone: '',
  socialUrl: '',
  showPrices: false,
  minimumPurchase: 0,
  // The shop's default (CUSTOM_ORDER_MINIMUM); the server checks its own setting anyway.
  customOrderMinimum: 200,
  freeShippingOntario: 0,
  freeShippingOther: 0,
  searchEnabled: false,
  testMode: false,
  paymentProvider: 'sandbox',
  publicKey: '',
  currency: 'CAD',
  storeProvince: 'ON',
  storeTimeZone: DEFAULT_STORE_TIME_ZONE,
  // No rate is known until the server gives one: the register takes no sale meanwhile.
  storeTaxRate: null,
};

export const configQuery = queryOptions({
  queryKey: ['config'],
  queryFn: ({ signal }) => api.get<PublicConfig>('/api/config', { signal }),
  staleTime: 60_000,
  retry: 1,
  // After a failure, pages that mount do not ask again at once (each would flash the loader);
  // instead the settings are asked for every 30 s until the server answers.
  retryOnMount: false,
  refetchInterval: (query) => (query.state.status === 'error' ? 30_000 : false),
});

export interface ConfigState {
  /** The server's settings, or FALLBACK_CONFIG while loading or when the call failed. */
  config: PublicConfig;
  /** True only during the first load, before any answer. */
  isLoading: boolean;
  /** True when the settings shown are the fallbacks because the call failed. */
  isFallback: boolean;
}

export function useConfig(): ConfigState {
  const { data, isPending, errorUpdateCount } = useQuery(configQuery);
  return {
    config: data ?? FALLBACK_CONFIG,
    isLoading: isPending && errorUpdateCount === 0,
    isFallback: data === undefined,
  };
}

/** The store's time zone (its setting): the zone of the days and times staff see. */
export function useStoreTimeZone(): string {
  return useConfig().config.storeTimeZone;
}
