import { existsSync } from 'node:fs'
import { defineConfig, devices } from '@playwright/test'
import { E2E_APP_PORT, E2E_BASE_URL, E2E_DIST_DIR, E2E_PORTS_GIVEN, E2E_PUBLIC_RESOURCE, e2eApiArgs } from './e2e/fixtures/server-args.ts'

const chromiumPath = process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE ?? '/usr/bin/chromium'
const executablePath = existsSync(chromiumPath) ? chromiumPath : undefined

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${E2E_APP_PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath,
          args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
            '--disable-sync', '--no-first-run', '--disable-quic'],
        },
      },
    },
  ],
  webServer: [
    {
      command: `npx tsx src/server/main.ts ${e2eApiArgs().join(' ')}`,
      url: `${E2E_BASE_URL}/api/action/datastore_search?resource_id=${E2E_PUBLIC_RESOURCE}&limit=0`,
      reuseExistingServer: !process.env.CI && E2E_PORTS_GIVEN,
      timeout: 60_000,
    },
    {
      // The real built app, as users get it (npm test builds it just before).
      command: existsSync(`${E2E_DIST_DIR}/index.html`) && process.env.CI
        ? `npx vite preview --outDir ${E2E_DIST_DIR} --port ${E2E_APP_PORT} --strictPort`
        : `npx vite build --outDir ${E2E_DIST_DIR} --emptyOutDir && npx vite preview --outDir ${E2E_DIST_DIR} --port ${E2E_APP_PORT} --strictPort`,
      url: `http://127.0.0.1:${E2E_APP_PORT}`,
      reuseExistingServer: !process.env.CI && E2E_PORTS_GIVEN,
      timeout: 120_000,
    },
  ],
})
