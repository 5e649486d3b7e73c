import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';

/**
 * Spam protection of the request forms and uploads: per client when logged in, else per address.
 * A logged-in client keeps their own allowance even behind a shared address (a school, an office).
 */
export const REQUEST_RATE_LIMIT = { max: 10, timeWindow: '10 minutes' } as const;
export const UPLOAD_RATE_LIMIT = { max: 30, timeWindow: '10 minutes' } as const;

export function callerKey(request: FastifyRequest): string {
  return request.user ? `client:${request.user.id}` : `ip:${request.ip}`;
}

export function rateLimited(message: string) {
  return () => new AppError('rate_limited', message, 429);
}
