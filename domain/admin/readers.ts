/** Card readers in the back office (ADMIN): api/admin/readers. */
import { z } from 'zod';
import { bodyId, requiredText } from '../validation.ts';

export const adminReaderSchema = z.object({
  id: z.string(),
  label: z.string(),
  status: z.enum(['online', 'offline']),
  device_type: z.string(),
  serial_number: z.string(),
  /** A payment or refund is in progress on it. */
  busy: z.boolean(),
  /** The staff members who use it (a counter's reader may be shared). */
  assigned_to: z.array(z.object({ client_id: z.number().int(), name: z.string() })),
});
export type AdminReader = z.infer<typeof adminReaderSchema>;

const readerLabel = requiredText('Name', { max: 60 });

/**
 * POST api/admin/readers: the registration code the new reader shows (Stripe Terminal); in test
 * mode 'simulated-wpe' registers a simulated reader.
 */
export const readerRegisterSchema = z.strictObject({
  registration_code: requiredText('Registration code', { max: 100 }),
  label: readerLabel,
});
export type ReaderRegister = z.input<typeof readerRegisterSchema>;

/** PATCH api/admin/readers/{id}: a new name. */
export const readerRenameSchema = z.strictObject({ label: readerLabel });
export type ReaderRename = z.input<typeof readerRenameSchema>;

/** PUT api/admin/readers/{id}/assignment: the POS staff member who uses it from now on. */
export const readerAssignSchema = z.strictObject({ staff_id: bodyId('Staff member') });
export type ReaderAssign = z.input<typeof readerAssignSchema>;

export const readerIdParamsSchema = z.strictObject({
  id: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^tmr_[A-Za-z0-9]+$/, 'That is not a reader id.'),
});
