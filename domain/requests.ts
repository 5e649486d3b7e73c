import { z } from 'zod';
import { optionalText, requiredEmail, requiredText } from './validation.ts';

/**
 * Custom sock requests, contact messages, logo uploads and the custom process (spec storefront §2,
 * §3, §5, §8, §9; DESIGN.md decisions: a minimum of 200 pairs, 'Quantity must be at least 200.',
 * the 13-letter text enforced, spelling of the spec's messages fixed).
 */

// ---------------------------------------------------------------- messages (spec §8, spelling fixed)

export const REQUEST_MESSAGES = {
  customSuccess: 'Your order is submitted.',
  customFailure: 'There is an error when submitting.',
  contactSuccess: 'Thank you to contact us, we will reach you as soon as possible.',
  contactFailure: 'Thank you to contact us. However there is an error, please try again later.',
  onlyImages: 'Only image files are allowed.',
  imageTypes: 'Please Upload image of type .jpg,.gif,.png,.svg.',
} as const;

// ---------------------------------------------------------------- the custom form's choices

/** Pairs per size and design (spec §9, DESIGN.md); the server reads the `custom_order_minimum` setting. */
/** Where staff are with a custom, contact or wish request (the back office's requests inbox). */
export const REQUEST_STATUSES = ['new', 'in_progress', 'answered', 'closed'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

export const CUSTOM_ORDER_MINIMUM = 200;
/** Far beyond any real order: a typo of a few zeros is caught. */
export const CUSTOM_ORDER_MAXIMUM = 1_000_000;
export const STRIPES_MAX = 4;
/** The spec labels the text '13 Letter Max'; DESIGN.md enforces it. */
export const CUSTOM_TEXT_MAX = 13;
export const MESSAGE_MAX = 2000;
export const COLOR_MAX = 50;
/** Logos of one request. */
export const LOGOS_MAX = 5;

export const SOCK_TYPES = ['Crew', 'Quarter', 'Ankle', 'No-show', 'Knee-high', 'Athletic', 'Dress'] as const;

export const SOCK_SIZES = [
  { value: 'S', label: 'S — women 5–7, kids' },
  { value: 'M', label: 'M — women 7–10, men 6–8' },
  { value: 'L', label: 'L — men 8–12' },
  { value: 'XL', label: 'XL — men 12–15' },
] as const;

export const TEXT_LOCATIONS = [
  { value: 1, label: 'Front' },
  { value: 2, label: 'Back' },
  { value: 3, label: 'Sides' },
] as const;

export const TEXT_ALIGNMENTS = [
  { value: 1, label: 'Vertical' },
  { value: 2, label: 'Horizontal' },
] as const;

export const TEXT_SIZES = ['S', 'M', 'L', 'XL'] as const;

export const LOGO_LOCATIONS = ['Cuff', 'Front', 'Back', 'Sides', 'Foot top', 'Sole'] as const;

export function quantityMinimumMessage(minimum: number): string {
  return `Quantity must be at least ${minimum}.`;
}

function labelOf<V>(options: readonly { value: V; label: string }[], value: V | null | undefined): string {
  return options.find((option) => option.value === value)?.label ?? '';
}

export const textLocationLabel = (value: number | null | undefined) => labelOf(TEXT_LOCATIONS, value);
export const textAlignmentLabel = (value: number | null | undefined) => labelOf(TEXT_ALIGNMENTS, value);

// ---------------------------------------------------------------- uploads

/** Per-file limit of POST api/upload (413 above it). */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_MAX_LABEL = '5 MB';
export const UPLOAD_EXTENSIONS = ['jpg', 'jpeg', 'gif', 'png', 'svg'] as const;
/** For the file picker; the server decides from the bytes, not from this. */
export const UPLOAD_ACCEPT = '.jpg,.jpeg,.gif,.png,.svg,image/jpeg,image/gif,image/png,image/svg+xml';

export const UPLOAD_TOO_LARGE_MESSAGE = `The file is too large. The limit is ${UPLOAD_MAX_LABEL}.`;
export const UPLOAD_EMPTY_MESSAGE = 'The file is empty.';

/** What POST api/upload answers. */
export const uploadReplySchema = z.object({ url: z.string() });
export type UploadReply = z.infer<typeof uploadReplySchema>;

/** An upload of ours, as api/upload names it: a random name, the type the server stored. */
export const UPLOAD_URL_PATTERN = /^\/uploads\/[a-f0-9]{32}\.(?:png|jpg|gif)$/;

/**
 * The browser's check of a chosen logo before it is sent (spec §5): undefined when it may be
 * uploaded, else the message to show. The server checks the bytes again.
 */
export function logoFileProblem(file: { name: string; type: string; size: number }): string | undefined {
  if (!file.type.startsWith('image/')) return REQUEST_MESSAGES.onlyImages;
  const extension = file.name.toLowerCase().split('.').pop() ?? '';
  if (!file.name.includes('.') || !(UPLOAD_EXTENSIONS as readonly string[]).includes(extension)) {
    return REQUEST_MESSAGES.imageTypes;
  }
  if (file.size === 0) return UPLOAD_EMPTY_MESSAGE;
  if (file.size > UPLOAD_MAX_BYTES) return UPLOAD_TOO_LARGE_MESSAGE;
  return undefined;
}

/** The logo field carries the uploaded URLs joined by commas (spec §3). */
export function splitLogos(logo: string): string[] {
  return logo
    .split(',')
    .map((url) => url.trim())
    .filter(Boolean);
}

// ---------------------------------------------------------------- request bodies

const name = requiredText('Name', { min: 3, max: 255 });

/** 1, 2, 3... chosen from a list; null (or missing) when not chosen. */
function choice<const V extends number>(values: readonly V[], message: string) {
  return z
    .number({ error: message })
    .refine((value): value is V => (values as readonly number[]).includes(value), message)
    .nullish()
    .transform((value) => (value ?? null) as V | null);
}

/** A text chosen from a list; '' (or missing) when not chosen. */
function textChoice<const V extends string>(values: readonly V[], message: string) {
  return z
    .union([z.enum(values as unknown as [V, ...V[]], { error: message }), z.literal('')], { error: message })
    .nullish()
    .transform((value): V | '' => value ?? '');
}

function quantity(minimum: number) {
  return z
    .number({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? 'Quantity is required.'
          : 'Quantity must be a number.',
    })
    .int('Quantity must be a whole number.')
    .min(minimum, quantityMinimumMessage(minimum))
    .max(CUSTOM_ORDER_MAXIMUM, `Quantity cannot be more than ${CUSTOM_ORDER_MAXIMUM}.`);
}

const logo = z
  .string({ error: 'Logo must be text.' })
  .max(1000, 'Logo cannot be more than 1000 characters long.')
  .nullish()
  .transform((value) => value ?? '')
  .refine((value) => splitLogos(value).length <= LOGOS_MAX, `At most ${LOGOS_MAX} logos can be sent.`)
  .refine(
    (value) => splitLogos(value).every((url) => UPLOAD_URL_PATTERN.test(url)),
    'Logos must be images uploaded with this form.',
  );

/**
 * POST api/setCustomRequest (spec §3 custom sock request, §5 custom form). The quantity's minimum
 * is a setting: the form uses 200, the server the setting's value.
 */
export function createCustomRequestSchema(minimumQuantity = CUSTOM_ORDER_MINIMUM) {
  return z.strictObject({
    name,
    email: requiredEmail(),
    type: textChoice(SOCK_TYPES, 'Please choose a sock type from the list.'),
    size: textChoice(
      SOCK_SIZES.map((size) => size.value),
      'Please choose a size from the list.',
    ),
    color: optionalText('Color', COLOR_MAX),
    stripes: z
      .number({ error: `Stripes must be a number from 0 to ${STRIPES_MAX}.` })
      .int(`Stripes must be a number from 0 to ${STRIPES_MAX}.`)
      .min(0, `Stripes must be a number from 0 to ${STRIPES_MAX}.`)
      .max(STRIPES_MAX, `Stripes must be a number from 0 to ${STRIPES_MAX}.`)
      .nullish()
      .transform((value) => value ?? 0),
    stripe_color: optionalText('Stripe Color', COLOR_MAX),
    text: optionalText('Text', CUSTOM_TEXT_MAX),
    text_location: choice(
      TEXT_LOCATIONS.map((option) => option.value),
      'Text location must be front (1), back (2) or sides (3).',
    ),
    text_alignment: choice(
      TEXT_ALIGNMENTS.map((option) => option.value),
      'Text alignment must be vertical (1) or horizontal (2).',
    ),
    text_size: textChoice(TEXT_SIZES, 'Text size must be S, M, L or XL.'),
    text_color: optionalText('Text Color', COLOR_MAX),
    logo,
    logo_location: textChoice(LOGO_LOCATIONS, 'Please choose a logo location from the list.'),
    message: optionalText('Message', MESSAGE_MAX),
    quantity: quantity(minimumQuantity),
  });
}

/** The form's rules: the minimum of 200 pairs. */
export const customRequestSchema = createCustomRequestSchema();
/** The route's shape; the service then checks the quantity against the shop's setting. */
export const customRequestBodySchema = createCustomRequestSchema(1);
export type CustomRequestInput = z.input<typeof customRequestSchema>;
export type CustomRequest = z.output<typeof customRequestSchema>;

/** POST api/contactus (spec §3 contact request, §5 contact). */
export const contactRequestSchema = z.strictObject({
  name,
  email: requiredEmail(),
  phone: optionalText('Phone', 50),
  address: optionalText('Address', 500),
  message: optionalText('Message', MESSAGE_MAX),
});
export type ContactRequestInput = z.input<typeof contactRequestSchema>;
export type ContactRequest = z.output<typeof contactRequestSchema>;

/** What setCustomRequest and contactus answer (201): the stored request's number. */
export const requestReceiptSchema = z.object({ id: z.number().int() });
export type RequestReceipt = z.infer<typeof requestReceiptSchema>;

// ---------------------------------------------------------------- the process page

/** GET api/process: the steps in order. */
export const processStepSchema = z.object({ title: z.string(), image: z.string() });
export type ProcessStep = z.infer<typeof processStepSchema>;
