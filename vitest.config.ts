import { defineConfig } from 'vitest/config';

const withPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * The server's tests, on the database global-setup.ts prepares for the project's name ('-pg': on
 * PostgreSQL). The files of a worker share its loaded modules (isolate: false): each file builds its
 * own app on its own database and mocks no module, and importing the server anew for every file took
 * a quarter of the workers' time.
 */
function integrationProject(name: string) {
  return {
    test: {
      name,
      include: ['server/**/*.test.ts'],
      isolate: false,
      globalSetup: ['server/test/global-setup.ts'],
      testTimeout: 30_000,
      hookTimeout: 120_000,
    },
  };
}

/** Integration tests run on PGlite, and a second time on PostgreSQL when TEST_DATABASE_URL is set. */
export default defineConfig({
  test: {
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['domain/**/*.test.ts', 'web/**/*.test.ts', 'bench/**/*.test.ts', 'scripts/**/*.test.ts'],
        },
      },
      {
        // Components and hooks rendered with Testing Library in jsdom.
        test: {
          name: 'web-dom',
          include: ['web/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['web/test/setup.ts'],
          // A form typed key by key in jsdom takes seconds on a busy machine.
          testTimeout: 30_000,
        },
      },
      integrationProject('integration'),
      ...(withPostgres ? [integrationProject('integration-pg')] : []),
    ],
  },
});
