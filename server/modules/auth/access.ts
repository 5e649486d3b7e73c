import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasAnyRole, type Role } from '../../../domain/roles.ts';
import { forbidden, unauthorized } from '../../lib/errors.ts';
import type { AuthUser } from './auth.service.ts';

/**
 * Who may call a route, declared in its options (`config: { access: 'client' }`) and enforced by one
 * hook, in the spirit of Vendure's `@Allow(...)` (DESIGN.md "Access is declared on every route"):
 * - `public`: anyone, visitors included;
 * - `client`: anyone signed in (a resource they look up is theirs only: another's is not found);
 * - `pos`, `admin`: the POS or the ADMIN role;
 * - `{ owner: param }`: the signed-in client whose id that path parameter is, and, with
 *   `orAdmin`, an admin.
 */
export type Access = 'public' | 'client' | 'pos' | 'admin' | OwnerAccess;

export interface OwnerAccess {
  /** The path parameter that holds the owner's client id. */
  owner: string;
  orAdmin?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    /**
     * The signed-in caller of a route whose access is not `public` (the access hook has checked
     * it). Reading it on a public route is a programming error: use `request.user` there.
     */
    readonly caller: AuthUser;
  }
  interface FastifyInstance {
    /** Every /api route with its declared access, in the order they were registered. */
    readonly routeAccess: readonly RouteAccess[];
  }
}

export interface RouteAccess {
  method: string;
  url: string;
  access: Access;
}

const ROLE_OF: Partial<Record<Exclude<Access, OwnerAccess>, Role>> = { pos: 'POS', admin: 'ADMIN' };

/** How the README's API table names each level in its "who" column. */
export function describeAccess(access: Access): string {
  if (typeof access === 'object') return access.orAdmin ? 'that client, admin' : 'that client';
  return { public: 'anyone', client: 'client', pos: 'POS', admin: 'admin' }[access];
}

function isApiRoute(url: string): boolean {
  return url.toLowerCase().startsWith('/api/');
}

/**
 * Declares `request.caller` and `app.routeAccess`, refuses to register an /api route without an
 * access level, and enforces the level of each route: roles before the body is read (a visitor
 * gets 401 and anyone without the role 403, whatever they send), the owner once the path
 * parameters are parsed. Call it after the token is resolved (registerAuthentication) and before
 * any route is registered.
 */
export function registerAccess(app: FastifyInstance): void {
  const routes: RouteAccess[] = [];
  app.decorate('routeAccess', routes);
  app.decorateRequest('caller', {
    getter(this: FastifyRequest): AuthUser {
      if (!this.user) {
        throw new Error(`${this.method} ${this.routeOptions.url} is public: it has no signed-in caller`);
      }
      return this.user;
    },
  });

  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (!isApiRoute(route.url ?? route.path)) return;
    if (access === undefined) {
      throw new Error(
        `${String(route.method)} ${route.url} declares no access: add config.access ('public', 'client', 'pos', 'admin' or { owner })`,
      );
    }
    if (typeof access === 'object' && !route.url.includes(`:${access.owner}`)) {
      throw new Error(`${String(route.method)} ${route.url} has no path parameter :${access.owner}`);
    }
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routes.push({ method, url: route.url, access });
    }
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (access === undefined || access === 'public') return;
    const { user } = request;
    if (!user) throw unauthorized();
    const role = typeof access === 'string' ? ROLE_OF[access] : undefined;
    if (role && !hasAnyRole(user.roles, [role])) {
      throw forbidden('Your account does not have access to this.');
    }
  });

  app.addHook('preHandler', async (request) => {
    const access = request.routeOptions.config.access;
    if (typeof access !== 'object') return;
    const user = request.caller;
    // Compared as text: a parameter that is not exactly the caller's id (no schema, '007') is refused.
    const owner = Reflect.get(Object(request.params), access.owner);
    if (String(owner) === String(user.id)) return;
    if (access.orAdmin && hasAnyRole(user.roles, ['ADMIN'])) return;
    throw forbidden();
  });
}
