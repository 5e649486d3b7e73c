/**
 * The go-live check in the back office (ADMIN): GET api/admin/stripe-check answers the checks of
 * npm run stripe:check (server/providers/payments/go-live-check.ts), which change nothing.
 */
import { z } from 'zod';

export const CHECK_STATUSES = ['ok', 'warning', 'failed'] as const;
export type CheckStatus = (typeof CHECK_STATUSES)[number];

export const checkResultSchema = z.object({
  check: z.string(),
  status: z.enum(CHECK_STATUSES),
  /** What was found, and what to do about it. */
  detail: z.string(),
});
export type CheckResult = z.infer<typeof checkResultSchema>;

export const goLiveReportSchema = z.object({
  /** Every check, in the order an owner fixes them. */
  results: z.array(checkResultSchema),
  /** No check failed (warnings allowed). */
  ready: z.boolean(),
  /** Sandbox, or Stripe test keys: no real money is taken. */
  testMode: z.boolean(),
  provider: z.enum(['sandbox', 'stripe']),
});
export type GoLiveReport = z.infer<typeof goLiveReportSchema>;
