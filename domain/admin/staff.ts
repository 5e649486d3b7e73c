/**
 * Accounts and staff in the back office (ADMIN): GET and POST api/admin/staff, roles, disabling an
 * account, password resets; and the audit log (GET api/admin/audit).
 */
import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN, profileFields } from '../auth.ts';
import { ROLES } from '../roles.ts';
import { pageNumberSchema, requiredText } from '../validation.ts';

/** The roles the owner grants and takes away; every account is a client too. */
export const STAFF_ROLES = ['POS', 'ADMIN'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const ACCOUNTS_PAGE_SIZE = 50;

export const newPassword = z
  .string({ error: 'Password is required.' })
  .min(1, 'Password is required.')
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters long.`)
  .max(PASSWORD_MAX, `Password cannot be more than ${PASSWORD_MAX} characters long.`);

/** GET api/admin/staff?q=&staff=&page=: accounts by name; `staff=true` only POS and ADMIN ones. */
export const accountsQuerySchema = z.strictObject({
  q: z.string().trim().max(100, 'Search cannot be more than 100 characters long.').optional(),
  staff: z
    .enum(['true', 'false'], { error: 'Staff must be true or false.' })
    .transform((value) => value === 'true')
    .optional(),
  page: pageNumberSchema,
});
export type AccountsQuery = z.output<typeof accountsQuerySchema>;

export const accountSchema = z.object({
  client_id: z.number().int(),
  user_name: z.string(),
  full_name: z.string(),
  company_name: z.string(),
  email: z.string(),
  roles: z.array(z.enum(ROLES)),
  disabled: z.boolean(),
  /** ISO 8601, UTC. */
  created_at: z.string(),
});
export type Account = z.infer<typeof accountSchema>;

export const accountsSchema = z.object({
  accounts: z.array(accountSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type Accounts = z.infer<typeof accountsSchema>;

const staffRoles = z
  .array(z.enum(STAFF_ROLES, { error: 'A role is POS or ADMIN.' }), { error: 'Send the roles as a list.' })
  .max(STAFF_ROLES.length)
  .transform((roles) => STAFF_ROLES.filter((role) => roles.includes(role)));

/**
 * POST api/admin/staff: a staff member's account with a first password the owner hands over (they
 * change it on their profile, or the owner starts a reset).
 */
export const staffCreateSchema = z.strictObject({
  user_name: profileFields.user_name,
  first_name: requiredText('First name', { max: 50 }),
  last_name: requiredText('Last name', { max: 50 }),
  email: profileFields.email,
  roles: staffRoles.refine((roles) => roles.length > 0, 'Give the account POS, ADMIN or both.'),
  password: newPassword,
});
export type StaffCreate = z.input<typeof staffCreateSchema>;
export type StaffCreateData = z.output<typeof staffCreateSchema>;

/** PUT api/admin/staff/{id}/roles: the staff roles the account has from now on (none: a client only). */
export const staffRolesSchema = z.strictObject({ roles: staffRoles });
export type StaffRolesUpdate = z.input<typeof staffRolesSchema>;

/** POST api/admin/staff/{id}/password-reset: the link e-mailed to the person, for the owner too. */
export const passwordResetStartedSchema = z.object({
  link: z.string(),
  expires_at: z.string(),
  email: z.string(),
});
export type PasswordResetStarted = z.infer<typeof passwordResetStartedSchema>;

/** POST api/auth/reset-password: the link's token and the new password. */
export const passwordResetSchema = z.strictObject({
  token: z
    .string({ error: 'The reset link is incomplete.' })
    .min(1, 'The reset link is incomplete.')
    .max(200),
  password: newPassword,
});
export type PasswordReset = z.input<typeof passwordResetSchema>;

/** How long a password reset link works. */
export const PASSWORD_RESET_HOURS = 24;

// ---------------------------------------------------------------- the audit log

export const AUDIT_PAGE_SIZE = 50;

/** GET api/admin/audit?entity=&entityId=&page=: the newest changes first. */
export const auditQuerySchema = z.strictObject({
  entity: z.string().trim().max(50).optional(),
  entityId: z.string().trim().max(100).optional(),
  page: pageNumberSchema,
});
export type AuditQuery = z.output<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  /** Who made the change; null for the shop itself (the first start) or an account since removed. */
  actor: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  /** ISO 8601, UTC. */
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
