import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicConfigSchema } from '../../../domain/config.ts';
import type { SettingsService } from './settings.service.ts';

export const settingsRoutes: FastifyPluginAsyncZod<{ settings: SettingsService }> = async (
  app,
  { settings },
) => {
  app.get(
    '/api/config',
    { config: { access: 'public' }, schema: { response: { 200: publicConfigSchema } } },
    () => settings.publicConfig(),
  );
};
