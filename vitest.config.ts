import os from 'node:os'
import { defineConfig } from 'vitest/config'

// Three projects: pure unit tests, and the one API suite (*.api.test.ts) run twice, once on the
// embedded PGlite and once on the PostgreSQL server, each file on a fresh database cloned from a
// migrated template.
const apiSuite = (db: 'pglite' | 'postgres') => ({
  test: {
    name: `api-${db}`,
    include: ['server/**/*.api.test.ts'],
    env: { TEST_DB: db },
    globalSetup: ['server/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})

export default defineConfig({
  test: {
    // Vitest's default on two cores is one worker; most files wait on a database or a child
    // process, so two run in about 60 % of the time with every timing test still passing.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'shared/**/*.test.ts',
            'server/**/*.test.ts',
            'client/**/*.test.{ts,tsx}',
            'scripts/**/*.test.ts',
            'bench/**/*.test.ts',
          ],
          exclude: ['server/**/*.api.test.ts', '**/node_modules/**'],
        },
      },
      apiSuite('pglite'),
      apiSuite('postgres'),
    ],
  },
})
