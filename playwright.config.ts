import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { defineConfig } from '@playwright/test'
import { SERVER_ENV, SERVER_NODE_ARGS } from './test-support/server-process.ts'

// Browser tests drive Debian's Chromium against the real server (built client, embedded database
// in a fresh temporary DATA_DIR, an administrator created from the environment).
const port = Number(process.env.E2E_PORT ?? 3170)
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'enc-e2e-'))
export const E2E_ADMIN = { username: 'e2e-admin', password: 'e2e-password-123' }

export default defineConfig({
  testDir: 'e2e',
  // Browser tests of the 9 MB page that take half a minute or more each (tagged LARGE in
  // e2e/helpers.ts) run with E2E_LARGE=1: `npm run test:large` and CI; `npm test` stays within 15 min.
  grepInvert: process.env.E2E_LARGE ? undefined : /@large/,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    // The production client registers a service worker (decision 032); only the offline tests
    // (e2e/offline.spec.ts) let it run, so no other test is answered from its caches.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    // As `npm start` runs it (heap ceiling, allocator settings), so the browser tests run the server as deployed.
    command: ['node', ...SERVER_NODE_ARGS].join(' '),
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      ...SERVER_ENV,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      // One proxy hop is trusted, so a test can speak from another client address (X-Forwarded-For).
      TRUST_PROXY: '1',
    },
  },
})
