import type { FastifyInstance, FastifyRequest, onRequestHookHandler, preHandlerHookHandler } from 'fastify';
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
 * access level, and gives each route that is not public the hooks that enforce its level. Call it
 * after the token is resolved (registerAuthentication's hook) and before any route is registered.
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
    // Public routes (the catalogue) carry no hook at all; the others check first, before anything.
    if (access === 'public') return;
    route.onRequest = [checkSignedIn(access), ...[route.onRequest ?? []].flat()];
    if (typeof access === 'object')
      route.preHandler = [checkOwner(access), ...[route.preHandler ?? []].flat()];
  });
}

/** Roles are checked before the body is read: a visitor gets 401 and anyone without the role 403. */
function checkSignedIn(access: Exclude<Access, 'public'>): onRequestHookHandler {
  const role = typeof access === 'string' ? ROLE_OF[access] : undefined;
  return (request, _reply, done) => {
    const { user } = request;
    if (!user) return done(unauthorized());
    if (role && !hasAnyRole(user.roles, [role])) {
      return done(forbidden('Your account does not have access to this.'));
    }
    done();
  };
}

/** The owner once the path parameters are parsed: the client they name, or an admin where allowed. */
function checkOwner(access: OwnerAccess): preHandlerHookHandler {
  return (request, _reply, done) => {
    const user = request.caller;
    // Compared as text: a parameter that is not exactly the caller's id (no schema, '007') is refused.
    const owner = Reflect.get(Object(request.params), access.owner);
    if (String(owner) === String(user.id)) return done();
    if (access.orAdmin && hasAnyRole(user.roles, ['ADMIN'])) return done();
    done(forbidden());
  };
}
