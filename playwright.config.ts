import { defineConfig, devices } from '@playwright/test';
import { delimiter } from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/chromium';
import { freePortPair } from './e2e/free-ports';

// The runner picks the ports once and the workers inherit them through the environment.
// E2E_PORT (and E2E_PORT + 1) may be set by hand; if either is taken, the run stops with
// Playwright's "already used" error rather than testing a server it did not start.
process.env.E2E_PORT ??= String(freePortPair());
const PORT = Number(process.env.E2E_PORT);

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  // CI machines can be slower than a workstation; a real wait, not a hidden failure.
  expect: { timeout: process.env.CI ? 10_000 : 5_000 },
  workers: 2,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: CHROMIUM_PATH,
          args: CHROMIUM_ARGS,
        },
      },
    },
  ],
  webServer: [
    {
      // The built app and the local API on the real data, exactly as `npm start` serves them.
      command: 'npx tsx server/main.ts',
      url: `http://127.0.0.1:${PORT}/healthz`,
      // The embed may be framed by the example host page served from another site (localhost).
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        STANDARDS_DATA: ['data/learning-commons', 'data/learning-components'].join(delimiter),
        STANDARDS_API_KEYS: '',
        LC_API_KEY: '',
        EMBED_ALLOWED_ORIGINS: `http://localhost:${PORT + 1}`,
        // The LTI tool's registrations of this run (test platforms on random ports), apart from a developer's own.
        STANDARDS_LTI_STORE: '.cache/e2e/lti.sqlite',
      },
      reuseExistingServer: false,
      timeout: 120_000,
    },
    {
      // The same server over an export of hostile text (HTML, script, javascript: links,
      // a parent of 5,000 children); it also serves the embed example page as an LMS host
      // on another origin.
      command: 'npx tsx e2e/fixtures/write-hostile-export.ts && npx tsx server/main.ts',
      url: `http://127.0.0.1:${PORT + 1}/healthz`,
      env: {
        PORT: String(PORT + 1),
        HOST: '127.0.0.1',
        STANDARDS_DATA: '.cache/e2e/hostile-export',
        STANDARDS_API_KEYS: '',
        LC_API_KEY: '',
      },
      reuseExistingServer: false,
      timeout: 120_000,
    },
  ],
});
