import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminSettings,
  ProvinceTaxRates,
  SettingsUpdate,
  TaxRateCorrection,
} from '../../../../domain/admin/settings.ts';
import { api } from '../../../lib/api.ts';
import { configQuery } from '../../../lib/config.ts';

const settingsKeys = {
  settings: ['admin', 'settings'] as const,
  taxRates: ['admin', 'tax-rates'] as const,
};

export function useAdminSettings() {
  return useQuery(
    queryOptions({
      queryKey: settingsKeys.settings,
      queryFn: ({ signal }) => api.get<AdminSettings>('/api/admin/settings', { signal }),
    }),
  );
}

/** PUT api/admin/settings; the shop's public settings (header, prices, search) are read again. */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: SettingsUpdate) => api.put<AdminSettings>('/api/admin/settings', update),
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKeys.settings, saved);
      return queryClient.invalidateQueries({ queryKey: configQuery.queryKey });
    },
  });
}

export function useTaxRates() {
  return useQuery(
    queryOptions({
      queryKey: settingsKeys.taxRates,
      queryFn: ({ signal }) => api.get<ProvinceTaxRates>('/api/admin/tax-rates', { signal }),
    }),
  );
}

export function useCorrectTaxRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (correction: TaxRateCorrection) =>
      api.post<ProvinceTaxRates>('/api/admin/tax-rates', correction),
    onSuccess: (rates) => {
      queryClient.setQueryData(settingsKeys.taxRates, rates);
      return queryClient.invalidateQueries({ queryKey: configQuery.queryKey });
    },
  });
}
