import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { goLiveReportSchema } from '../../../domain/admin/go-live.ts';
import { type GoLiveDeps, goLiveReport } from '../../providers/payments/go-live-check.ts';

/** The go-live check in the back office, for admins (the same checks as npm run stripe:check). */
export const goLiveRoutes: FastifyPluginAsyncZod<{ goLive: GoLiveDeps }> = async (app, { goLive }) => {
  /** Asks the card processor and the shop's own webhook at PUBLIC_URL; changes nothing. */
  app.get(
    '/api/admin/stripe-check',
    { config: { access: 'admin' }, schema: { response: { 200: goLiveReportSchema } } },
    () => goLiveReport(goLive),
  );
};
