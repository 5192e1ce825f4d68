// End-to-end tests run the real feedlab binary (with the embedded bundle) in the system's
// Chromium: browsers are never downloaded. Each worker starts a feedlab of its own on a free
// port over a fresh data directory (e2e/support/appliance.ts), so spec files run in
// parallel without sharing a server.
//
//   npm run build && (cd .. && go build -o feedlab .) && npm run e2e
//
// FEEDLAB_BIN picks the binary (default ../feedlab), CHROMIUM_PATH the browser (default
// Debian's chromium-headless-shell when installed, else /usr/bin/chromium), E2E_WORKERS the
// number of workers (default 3: each runs a browser and a server, and a third fills the
// time the others wait on pages and timers: BENCHMARKS.md, "The test suite"),
// E2E_SERVER_LOG=1 shows the servers' logs, E2E_TRACE=1 keeps a Playwright
// trace of each failed test (off by default: recording them cost a third of the time).
//
// The headless shell is the same Chromium version without the full browser's UI layer
// (Playwright's `--headless` gives the old headless mode there): about 0.7 of the full
// browser's CPU over the same specs (notes/suite.md). No spec depends on the full browser
// (no screenshot comparisons; fonts and layout come from the same engine).
//
// The phone project (360 px, touch) runs the participant pages, which participants open on
// phones; the researcher pages run on the desktop, and researcher-layout-360.spec.ts checks
// each of them once at 360 px.
import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

const headlessShell = '/usr/bin/chromium-headless-shell';
const browserPath = process.env.CHROMIUM_PATH || (existsSync(headlessShell) ? headlessShell : '/usr/bin/chromium');

const researcherSpecs = /researcher-(?!layout-360).*\.spec\.ts$/;

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 3),
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: 'list',
  timeout: 30_000,
  use: {
    // Recording a trace of every test (to keep it when one fails) cost about a third of
    // the browser tests' time: 38.9–42.6 s against 29.2–30.6 s without, for the same three
    // spec files alternated (BENCHMARKS.md, "The test suite"). A failure's message and
    // call log name what failed; E2E_TRACE=1 records traces again to look into one.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    launchOptions: {
      executablePath: browserPath,
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
    { name: 'desktop', use: { ...devices['Desktop Chrome'] }, testIgnore: /researcher-layout-360\.spec\.ts$/ },
    {
      name: 'phone',
      use: { ...devices['Desktop Chrome'], viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true },
      testIgnore: researcherSpecs,
    },
  ],
});
