// The participant's phone: time to the first card with its image on the solarflare feed,
// in headless Chromium on a slow-4G-like profile (400 ms round trip, 400 kbit/s each way,
// CPU slowed 4×, 360 × 740 viewport, cold cache), as the median of several runs.
//
//   ./build.sh && node frontend/scripts/phone-bench.mjs [--runs 7] [--bin ./feedlab]
//
// It starts the binary on a fresh data directory and, for each run, opens a new browser
// context (nothing cached), then reports when the first card's image has loaded and been
// decoded (performance.now(), counted from the start of navigation), the largest contentful paint, the cumulative layout shift, and the
// bytes and requests of the load. A benchmark, not a test: it asserts nothing about time.
import { chromium } from '@playwright/test';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const arg = (name, def) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : def;
};
const runs = Number(arg('runs', '7'));
const bin = resolve(arg('bin', join(here, '..', '..', 'feedlab')));

const port = await new Promise((ok) => {
  const s = createServer().listen(0, '127.0.0.1', () => {
    const p = s.address().port;
    s.close(() => ok(p));
  });
});
const data = mkdtempSync(join(tmpdir(), 'feedlab-phone-'));
const server = spawn(bin, ['serve', '--addr', `127.0.0.1:${port}`, '--data', data, '--arrivals-per-minute', '100000'], { stdio: 'ignore' });
const base = `http://127.0.0.1:${port}`;
for (let i = 0; ; i++) {
  try {
    if ((await fetch(base + '/')).ok) break;
  } catch {}
  if (i > 600) throw new Error('feedlab did not start');
  await new Promise((r) => setTimeout(r, 50));
}

// Recorded in the page from its very start: when the first card's image is decoded, the
// largest contentful paint and the layout shifts.
const probe = () => {
  window.__bench = { firstCard: 0, lcp: 0, cls: 0 };
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) window.__bench.lcp = e.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) if (!e.hadRecentInput) window.__bench.cls += e.value;
  }).observe({ type: 'layout-shift', buffered: true });
  const check = () => {
    const img = document.querySelector('article[data-idx="0"] img');
    if (img && img.complete && img.naturalWidth > 0) {
      // Loaded is not yet on screen: count until the image is decoded, ready to paint.
      if (!img.__benchDecoding) {
        img.__benchDecoding = true;
        window.__bench.src = img.currentSrc;
        img
          .decode()
          .catch(() => {})
          .then(() => {
            window.__bench.firstCard = performance.now();
          });
      }
      return true;
    }
    if (img && !img.__benchListening) {
      img.__benchListening = true;
      img.addEventListener('load', () => check());
    }
    return false;
  };
  const mo = new MutationObserver(() => {
    if (check()) mo.disconnect();
  });
  document.addEventListener('DOMContentLoaded', () => {
    if (!check()) mo.observe(document.body, { childList: true, subtree: true });
  });
};

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
});
const results = [];
try {
  for (let r = 0; r < runs; r++) {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    const page = await context.newPage();
    await page.addInitScript(probe);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 400,
      downloadThroughput: (400 * 1000) / 8,
      uploadThroughput: (400 * 1000) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    let bytes = 0;
    let requests = 0;
    cdp.on('Network.loadingFinished', (e) => {
      bytes += e.encodedDataLength;
      requests++;
    });
    await page.goto(`${base}/?experiment_id=solarflare&PROLIFIC_PID=phone${r}`, { waitUntil: 'commit' });
    await page.waitForFunction(() => window.__bench.firstCard > 0, null, { polling: 100, timeout: 60_000 });
    await page.waitForTimeout(500); // late layout shifts
    const m = await page.evaluate(() => window.__bench);
    if (process.env.BENCH_WATERFALL) console.log(await page.evaluate(() => performance.getEntriesByType("resource").map((e) => `${e.startTime.toFixed(0).padStart(5)} ${e.responseEnd.toFixed(0).padStart(5)} ${e.transferSize} ${e.name.slice(-40)}`).join("\n")));
    const before = { bytes, requests };
    results.push({ ...m, ...before });
    console.log(`run ${r + 1}: first card with image ${(m.firstCard / 1000).toFixed(2)} s, LCP ${(m.lcp / 1000).toFixed(2)} s, CLS ${m.cls.toFixed(3)}, ${requests} requests, ${(bytes / 1024).toFixed(1)} KB transferred (image ${m.src.replace(/^.*\/media\/\w{8}/, '…')})`);
    await context.close();
  }
} finally {
  await browser.close();
  server.kill('SIGINT');
  await new Promise((r) => server.on('exit', r));
  rmSync(data, { recursive: true, force: true });
}
const med = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const load = (await import('node:fs')).readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
console.log(
  `median of ${runs}: first card with image ${(med(results.map((x) => x.firstCard)) / 1000).toFixed(2)} s, LCP ${(med(results.map((x) => x.lcp)) / 1000).toFixed(2)} s, CLS ${med(results.map((x) => x.cls)).toFixed(3)}, ${med(results.map((x) => x.requests))} requests, ${(med(results.map((x) => x.bytes)) / 1024).toFixed(1)} KB (load average ${load})`,
);
