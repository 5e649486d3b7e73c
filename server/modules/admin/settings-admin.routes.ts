import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminSettingsSchema,
  provinceTaxRatesSchema,
  settingsUpdateSchema,
  taxRateCorrectionSchema,
} from '../../../domain/admin/settings.ts';
import type { SettingsAdminService } from './settings-admin.service.ts';

/** The shop's settings and tax rates in the back office, for admins. */
export const settingsAdminRoutes: FastifyPluginAsyncZod<{ settingsAdmin: SettingsAdminService }> = async (
  app,
  { settingsAdmin },
) => {
  app.get(
    '/api/admin/settings',
    { config: { access: 'admin' }, schema: { response: { 200: adminSettingsSchema } } },
    () => settingsAdmin.read(),
  );

  /** Changes the settings sent (any of them); the storefront follows at once. */
  app.put(
    '/api/admin/settings',
    {
      config: { access: 'admin' },
      schema: { body: settingsUpdateSchema, response: { 200: adminSettingsSchema } },
    },
    (request) => settingsAdmin.update(request.caller, request.body),
  );

  app.get(
    '/api/admin/tax-rates',
    { config: { access: 'admin' }, schema: { response: { 200: provinceTaxRatesSchema } } },
    () => settingsAdmin.taxRates(),
  );

  /** A tax component's rate from a day on (today or later); answers every province's rates. */
  app.post(
    '/api/admin/tax-rates',
    {
      config: { access: 'admin' },
      schema: { body: taxRateCorrectionSchema, response: { 200: provinceTaxRatesSchema } },
    },
    (request) => settingsAdmin.correctTaxRate(request.caller, request.body),
  );
};
