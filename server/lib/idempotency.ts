import { z } from 'zod';

const IDEMPOTENCY_KEY_MESSAGE = 'The Idempotency-Key header must be 8 to 255 characters long.';

/** A call that moves money carries its attempt's Idempotency-Key: a retry never does it twice. */
export const idempotencyKeySchema = z
  .string({ error: 'The Idempotency-Key header is required.' })
  .trim()
  .min(8, IDEMPOTENCY_KEY_MESSAGE)
  .max(255, IDEMPOTENCY_KEY_MESSAGE);
