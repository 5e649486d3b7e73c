import { readFile } from 'node:fs/promises';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-data.ts';
import { registerErrorHandling } from '../../lib/errors.ts';
import { bearer, createTestApp, logIn, signUp, type TestApp } from '../../test/app.ts';
import { type Access, describeAccess, registerAccess } from './access.ts';
import type { AuthUser } from './auth.service.ts';

interface DocumentedRoute {
  method: string;
  url: string;
  who: string;
}

/** `GET /api/client/{id}` as the router writes it: `GET /api/client/:id`, lower case. */
function routeKey(method: string, url: string): string {
  return `${method} ${url.replace(/\{(\w+)\}/g, ':$1').replace(/\/$/, '')}`.toLowerCase();
}

/** The rows of the README's API table: every `METHOD /api/...` of the first cell, and who may call. */
function documentedRoutes(readme: string): DocumentedRoute[] {
  const api = readme.slice(readme.indexOf('\n## API'));
  const rows: DocumentedRoute[] = [];
  for (const line of api.split('\n')) {
    const cells = line.split(' | ');
    if (!line.startsWith('| `') || cells.length < 3) continue;
    const who = (cells[1] ?? '').trim().replace(/\s*\(.*$/, '');
    for (const [, method, url] of (cells[0] ?? '').matchAll(
      /`(GET|POST|PUT|PATCH|DELETE) (\/api\/[^`?]*)/g,
    )) {
      if (method && url) rows.push({ method, url, who });
    }
  }
  return rows;
}

describe('every /api route declares who may call it', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("matches the README's API table, route for route", async () => {
    const readme = await readFile(new URL('../../../README.md', import.meta.url), 'utf8');
    const documented = new Map(
      documentedRoutes(readme).map((row) => [routeKey(row.method, row.url), row.who]),
    );
    const declared = new Map(
      t.app.routeAccess.map((route) => [routeKey(route.method, route.url), describeAccess(route.access)]),
    );
    console.info(
      t.app.routeAccess
        .map((route) => `${route.method.padEnd(6)} ${route.url.padEnd(44)} ${describeAccess(route.access)}`)
        .join('\n'),
    );
    expect(declared.size).toBeGreaterThan(60);
    expect(Object.fromEntries(declared)).toEqual(Object.fromEntries(documented));
  });
});

/** An app with only the access rules, whose caller is whoever the x-test-user header names. */
async function appWithAccess(
  routes: (app: FastifyInstance) => void,
  users: Record<string, AuthUser> = {},
): Promise<FastifyInstance> {
  const app = Fastify();
  registerErrorHandling(app);
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    const name = request.headers['x-test-user'];
    request.user = typeof name === 'string' ? (users[name] ?? null) : null;
  });
  registerAccess(app);
  routes(app);
  await app.ready();
  return app;
}

describe('registerAccess', () => {
  it('refuses to start with an /api route that declares no access', async () => {
    await expect(
      appWithAccess((app) => {
        app.get('/api/forgotten', () => 'open to all by accident');
      }),
    ).rejects.toThrow('GET /api/forgotten declares no access');
  });

  it('refuses an owner rule whose path parameter does not exist', async () => {
    await expect(
      appWithAccess((app) => {
        app.get('/api/things/:id', { config: { access: { owner: 'client_id' } } }, () => 'x');
      }),
    ).rejects.toThrow('GET /api/things/:id has no path parameter :client_id');
  });

  it('lets routes outside /api be, and lists only /api routes', async () => {
    const app = await appWithAccess((routes) => {
      routes.get('/health', () => 'ok');
      routes.get('/api/open', { config: { access: 'public' } }, () => 'ok');
    });
    expect((await app.inject('/health')).statusCode).toBe(200);
    expect(app.routeAccess).toEqual([{ method: 'GET', url: '/api/open', access: 'public' }]);
  });

  const users: Record<string, AuthUser> = {
    client: { id: 7, roles: ['CLIENT'], sessionId: 1 },
    other: { id: 8, roles: ['CLIENT'], sessionId: 2 },
    cashier: { id: 9, roles: ['CLIENT', 'POS'], sessionId: 3 },
    owner: { id: 10, roles: ['CLIENT', 'POS', 'ADMIN'], sessionId: 4 },
  };
  const levels: Record<string, Access> = {
    public: 'public',
    client: 'client',
    pos: 'pos',
    admin: 'admin',
    own: { owner: 'id' },
    'own-or-admin': { owner: 'id', orAdmin: true },
  };

  it.each([
    // level, caller, status
    ['public', undefined, 200],
    ['client', undefined, 401],
    ['client', 'client', 200],
    ['pos', undefined, 401],
    ['pos', 'client', 403],
    ['pos', 'cashier', 200],
    ['admin', 'cashier', 403],
    ['admin', 'owner', 200],
    ['own', undefined, 401],
    ['own', 'client', 200],
    ['own', 'other', 403],
    ['own', 'owner', 403],
    ['own-or-admin', 'other', 403],
    ['own-or-admin', 'owner', 200],
  ])('%s: %s gets %i', async (level, caller, status) => {
    const app = await appWithAccess((routes) => {
      for (const [name, access] of Object.entries(levels)) {
        routes.get(`/api/${name}/:id`, { config: { access } }, (request) =>
          access === 'public' ? 'anyone' : request.caller.id,
        );
      }
    }, users);
    const response = await app.inject({
      url: `/api/${level}/7`,
      headers: caller ? { 'x-test-user': caller } : {},
    });
    expect(response.statusCode).toBe(status);
  });

  it('refuses by role before the body is read: no body parse error for a visitor or a client', async () => {
    const app = await appWithAccess((routes) => {
      routes.post('/api/pos/thing', { config: { access: 'pos' } }, () => 'done');
    }, users);
    const malformed = {
      method: 'POST' as const,
      url: '/api/pos/thing',
      payload: '{"broken"',
      headers: { 'content-type': 'application/json' },
    };
    expect((await app.inject(malformed)).statusCode).toBe(401);
    expect(
      (await app.inject({ ...malformed, headers: { ...malformed.headers, 'x-test-user': 'client' } })).json(),
    ).toEqual({
      error: { code: 'forbidden', message: 'Your account does not have access to this.' },
    });
  });

  it('answers 500, not the data, when a public route reads the caller', async () => {
    const app = await appWithAccess((routes) => {
      routes.get('/api/mistake', { config: { access: 'public' } }, (request) => request.caller.id);
    }, users);
    expect((await app.inject({ url: '/api/mistake', headers: { 'x-test-user': 'client' } })).statusCode).toBe(
      200,
    );
    expect((await app.inject('/api/mistake')).statusCode).toBe(500);
  });
});

describe('access on the real routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("gives an admin another client's record, and another client 403", async () => {
    const client = await signUp(t.app);
    const other = await signUp(t.app);
    const admin = await logIn(t.app, DEMO_ACCOUNTS.admin.user_name, DEMO_ACCOUNTS.admin.password);
    const url = `/api/client/${client.client_id}`;
    expect((await t.app.inject({ url, headers: bearer(admin) })).json()).toMatchObject({
      client_id: client.client_id,
    });
    expect((await t.app.inject({ url, headers: bearer(other) })).statusCode).toBe(403);
    expect((await t.app.inject({ url })).statusCode).toBe(401);
  });

  it('guards the HEAD twin of a GET route as the GET itself', async () => {
    const client = await signUp(t.app);
    expect((await t.app.inject({ method: 'HEAD', url: '/api/pos/seller' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'HEAD', url: '/api/pos/seller', headers: bearer(client) })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'HEAD', url: '/api/message' })).statusCode).toBe(200);
  });
});
