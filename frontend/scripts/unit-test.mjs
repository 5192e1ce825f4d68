// Runs the unit tests (src/**/*.test.ts) with Node's built-in test runner. Node 20 cannot
// run TypeScript, so esbuild (already the bundler) compiles each test file first. The
// build scripts' own tests (scripts/*.test.mjs, e.g. the researcher-code check) run as they are.
//
//   node scripts/unit-test.mjs
import * as esbuild from 'esbuild';
import { spawnSync } from 'node:child_process';
import { readdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outdir = join(root, '.build', 'unit');

const tests = readdirSync(join(root, 'src'), { recursive: true })
  .map(String)
  .filter((file) => file.endsWith('.test.ts') || file.endsWith('.test.tsx'))
  .map((file) => join('src', file));
if (tests.length === 0) {
  console.error('unit-test: no src/**/*.test.ts files found');
  process.exit(1);
}

rmSync(outdir, { recursive: true, force: true });
const result = await esbuild.build({
  absWorkingDir: root,
  entryPoints: tests,
  outdir,
  outbase: 'src',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'inline',
  jsx: 'automatic',
  jsxImportSource: 'preact',
  // As in build.mjs: the code under test is written against React, run on Preact.
  alias: { react: 'preact/compat', 'react-dom': 'preact/compat', 'react/jsx-runtime': 'preact/jsx-runtime' },
  loader: { '.star': 'text' }, // as in build.mjs: the ranking examples are their text
  metafile: true,
  logLevel: 'warning',
});

const compiled = Object.keys(result.metafile.outputs).filter((out) => out.endsWith('.mjs'));
const scriptTests = readdirSync(join(root, 'scripts'))
  .filter((file) => file.endsWith('.test.mjs'))
  .map((file) => join('scripts', file));
const run = spawnSync(process.execPath, ['--enable-source-maps', '--test', ...compiled, ...scriptTests], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(run.status ?? 1);
