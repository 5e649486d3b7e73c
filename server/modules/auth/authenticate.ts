import type { FastifyInstance } from 'fastify';
import { forbidden } from '../../lib/errors.ts';
import type { AuthService, AuthUser } from './auth.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller resolved from the bearer token; null for visitors and for stale tokens. */
    user: AuthUser | null;
  }
}

/** Body fields through which the web names a user; they must name the caller (DESIGN.md "Auth"). */
const BODY_USER_FIELDS = ['userId', 'user_id', 'client_id', 'clientId'] as const;

function namesAnotherUser(value: unknown, user: AuthUser): boolean {
  if (value === undefined || value === null || value === '') return false;
  return Number(value) !== user.id;
}

/** Resolves the caller once per request; identity comes from the token only. */
export function registerAuthentication(app: FastifyInstance, auth: AuthService): void {
  app.decorateRequest('user', null);

  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (header?.startsWith('Bearer ')) {
      request.user = (await auth.resolveToken(header.slice('Bearer '.length).trim())) ?? null;
    }
    const headerUserId = request.headers.user_id;
    if (request.user && typeof headerUserId === 'string' && namesAnotherUser(headerUserId, request.user)) {
      throw forbidden('The User_id header does not match the signed-in user.');
    }
  });

  app.addHook('preValidation', async (request) => {
    const { user, body } = request;
    if (!user || typeof body !== 'object' || body === null) return;
    for (const field of BODY_USER_FIELDS) {
      if (namesAnotherUser((body as Record<string, unknown>)[field], user)) {
        throw forbidden(`The ${field} in the request does not match the signed-in user.`);
      }
    }
  });
}
