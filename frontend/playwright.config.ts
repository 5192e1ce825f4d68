// End-to-end tests run the real feedlab binary (with the embedded bundle) against a
// fresh data directory, in the system's Chromium: browsers are never downloaded.
//
//   npm run build && (cd .. && go build -o feedlab .) && npm run e2e
//
// FEEDLAB_BIN picks the binary (default ../feedlab), E2E_PORT the port (default 18080),
// CHROMIUM_PATH the browser (default /usr/bin/chromium).
import { defineConfig, devices } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const port = Number(process.env.E2E_PORT ?? 18080);
const binary = process.env.FEEDLAB_BIN ?? '../feedlab';
const baseURL = `http://127.0.0.1:${port}`;

// Playwright loads this file in the runner and again in each worker; the workers inherit
// the runner's environment, so only the runner creates (and later removes) the directory.
if (!process.env.FEEDLAB_E2E_DATA) {
  const dataDir = mkdtempSync(join(tmpdir(), 'feedlab-e2e-'));
  process.env.FEEDLAB_E2E_DATA = dataDir;
  // 'exit' runs after Playwright has stopped the server.
  process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
}
const dataDir = process.env.FEEDLAB_E2E_DATA;

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: 'list',
  timeout: 30_000,
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'] } },
    { name: 'phone', use: { ...devices['Desktop Chrome'], viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true } },
  ],
  webServer: {
    // Every test comes from 127.0.0.1, faster than any classroom: the per-address and
    // sign-in limits are raised here (the Go tests check them on servers of their own).
    command: `"${binary}" serve --addr 127.0.0.1:${port} --data "${dataDir}" --arrivals-per-minute 100000 --signups-per-minute 100000 --password-checks-per-minute 100000`,
    url: `${baseURL}/`,
    reuseExistingServer: false,
    timeout: 30_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
