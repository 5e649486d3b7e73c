import { z } from 'zod';
import { ROLES } from './roles.ts';
import { optionalText, requiredEmail, requiredText } from './validation.ts';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

const password = z
  .string({ error: 'Password is required.' })
  .min(1, 'Password is required.')
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters long.`)
  .max(PASSWORD_MAX, `Password cannot be more than ${PASSWORD_MAX} characters long.`)
  // Eight spaces pass the length and look like no password at all.
  .refine((value) => value.trim().length > 0, 'Password cannot be only spaces.');

/**
 * The fields a client gives when signing up (spec storefront §2 profile, §5), for real people: a
 * name may be one letter ("Li Ng", "O Ye"), and the company is optional (DESIGN.md decisions); the
 * maximum lengths and the required messages stay as the spec gives them.
 */
export const profileFields = {
  user_name: requiredText('Your User Name', { min: 3, max: 255 }).regex(
    /^[A-Za-z0-9._@-]+$/,
    'Your User Name may contain only letters, digits and . _ @ -',
  ),
  first_name: requiredText('Your First Name', { max: 50 }),
  middle_initial: optionalText('Your Middle Initial', 50),
  last_name: requiredText('Your Last Name', { max: 50 }),
  company_name: optionalText('Your Company Name', 100),
  email: requiredEmail(),
  phone: optionalText('Phone', 50),
  address: optionalText('Address', 500),
  city: optionalText('City', 50),
  province: optionalText('Province', 50),
  country: optionalText('Country', 50),
  postalcode: optionalText('Postal Code', 15),
};

export const signupSchema = z.strictObject({ ...profileFields, password });
export type Signup = z.input<typeof signupSchema>;
/** A sign-up as the server has parsed it (names trimmed, e-mail lower-cased...). */
export type SignupData = z.output<typeof signupSchema>;

export const loginSchema = z.strictObject({
  /** A user name or an e-mail address. */
  user_name: requiredText('User name or email', { max: 256 }),
  password: z.string({ error: 'Password is required.' }).min(1, 'Password is required.').max(PASSWORD_MAX),
});
export type Login = z.input<typeof loginSchema>;

export const clientSchema = z.object({
  client_id: z.number().int(),
  user_name: z.string(),
  client_full_name: z.string(),
  first_name: z.string(),
  middle_initial: z.string(),
  last_name: z.string(),
  company_name: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  city: z.string(),
  province: z.string(),
  country: z.string(),
  postalcode: z.string(),
  roles: z.array(z.enum(ROLES)),
});
export type Client = z.infer<typeof clientSchema>;

/** What login and signup answer; the web keeps it under LoggedClient. */
export const loginRecordSchema = clientSchema.extend({
  token: z.string(),
  expires_at: z.string(),
});
export type LoginRecord = z.infer<typeof loginRecordSchema>;

/** POST api/auth/forgot-password: where to send a link to choose a new password. */
export const forgotPasswordSchema = z.strictObject({ email: requiredEmail() });
export type ForgotPassword = z.input<typeof forgotPasswordSchema>;
/** Said whether or not an account has the e-mail: the answer never tells which. */
export const FORGOT_PASSWORD_SENT =
  'If an account has this e-mail, a link to choose a new password is on its way. It works once, for a few hours.';

/** POST api/auth/change-password: the signed-in client's current password, and the new one. */
export const changePasswordSchema = z.strictObject({
  current_password: z
    .string({ error: 'Your current password is required.' })
    .min(1, 'Your current password is required.')
    .max(PASSWORD_MAX),
  password,
});
export type ChangePassword = z.input<typeof changePasswordSchema>;

/** PUT api/client/{client_id}: the profile form; the password is changed elsewhere. */
export const profileSchema = z.strictObject(profileFields);
export type Profile = z.input<typeof profileSchema>;
export type ProfileData = z.output<typeof profileSchema>;

export function fullName(client: Pick<Client, 'first_name' | 'middle_initial' | 'last_name'>): string {
  return [client.first_name, client.middle_initial, client.last_name].filter(Boolean).join(' ');
}
