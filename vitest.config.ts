import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const commonDir = fileURLToPath(new URL('./common', import.meta.url));
const databases = ['pglite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])];

// API tests run once per database: the embedded PGlite always, PostgreSQL when TEST_DATABASE_URL is set.
export default defineConfig({
  resolve: { alias: { '@common': commonDir } },
  test: {
    // Two files at a time on two cores (Vitest's default leaves one core idle): most of a file's time is the embedded
    // database in the worker or PostgreSQL in its own process, so the second worker more than pays for itself.
    maxWorkers: 2,
    projects: databases.map((db) => ({
      resolve: { alias: { '@common': commonDir } },
      test: {
        name: db,
        include: ['server/**/*.test.ts', 'common/**/*.test.ts', 'web/**/*.test.ts', 'scripts/**/*.test.ts'],
        ...(db === 'postgres' ? { include: ['server/**/*.test.ts'] } : {}),
        env: { TEST_DB: db },
        globalSetup: ['server/src/test/global-setup.ts'],
        // Test files share one module graph per worker: importing the app anew for each file cost minutes a run.
        isolate: false,
        environment: 'node',
        testTimeout: 30_000,
        hookTimeout: 60_000,
      },
    })),
  },
});
