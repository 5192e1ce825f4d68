// Every Playwright worker runs a feedlab of its own: the real binary (with the embedded
// bundle) on a free port over a fresh data directory. Spec files are spread over the
// workers, each file's tests run in order in one worker, so files never share a server and
// can run in parallel (issue 21, item 4). Specs import `test` and `expect` from here; the
// page fixtures' baseURL is the worker's appliance.
//
// FEEDLAB_BIN picks the binary (default ../feedlab). Inside a worker, FEEDLAB_E2E_DATA is
// the appliance's data directory (the CLI helpers pass it to `feedlab … --data`).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base } from '@playwright/test';
import { expect } from './expect';

export { expect };

const binary = process.env.FEEDLAB_BIN ?? '../feedlab';

/** freePort asks the system for a port nobody listens on. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** Appliance is a running feedlab: where it answers and where it keeps its data. */
export interface Appliance {
  baseURL: string;
  dataDir: string;
}

/**
 * startAppliance starts `feedlab serve` with the flags given on a free port over a new data
 * directory and resolves once its home page answers. Every test comes from 127.0.0.1,
 * faster than any classroom: the per-address and sign-in limits are raised (the Go tests
 * check them on servers of their own).
 *
 * The port is free when picked, but a Go test's server or another worker's may take it
 * before this one binds it (the Go tests run beside the browser tests): then feedlab exits
 * ("listen on …") and starts again on another port. It counts as up only once it said it
 * serves (printed after it bound the port), so another server's answer is never taken for
 * its own.
 */
export async function startAppliance(extra: string[] = []): Promise<Appliance & { stop: () => Promise<void> }> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(extra);
    } catch (e) {
      if (attempt === 3 || !String(e).includes('listen on')) throw e;
    }
  }
}

async function startOnce(extra: string[]): Promise<Appliance & { stop: () => Promise<void> }> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'feedlab-e2e-'));
  const args = ['serve', '--addr', `127.0.0.1:${port}`, '--data', dataDir, '--arrivals-per-minute', '100000', '--signups-per-minute', '100000', '--password-checks-per-minute', '100000', ...extra];
  const proc: ChildProcess = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  let bound = false;
  proc.stdout!.on('data', (chunk: Buffer) => {
    if (chunk.toString().includes(' serving (data in ')) bound = true;
  });
  proc.stderr!.on('data', (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000); // the tail, for a failure's message
    if (process.env.E2E_SERVER_LOG) process.stderr.write(chunk);
  });
  const baseURL = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  const stop = async () => {
    proc.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (proc.exitCode !== null) {
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`feedlab serve exited (${proc.exitCode}):\n${log}`);
    }
    const up = bound && (await fetch(`${baseURL}/`).then((r) => r.ok, () => false));
    if (up) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`feedlab serve did not answer within 30 s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { baseURL, dataDir, stop };
}

export const test = base.extend<{}, { appliance: Appliance }>({
  appliance: [
    async ({}, use) => {
      const app = await startAppliance();
      process.env.FEEDLAB_E2E_DATA = app.dataDir;
      await use({ baseURL: app.baseURL, dataDir: app.dataDir });
      await app.stop();
    },
    { scope: 'worker', auto: true },
  ],
  baseURL: async ({ appliance }, use) => {
    await use(appliance.baseURL);
  },
});
