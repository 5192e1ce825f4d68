// The build's researcher-code check must not stop working silently: these tests feed it
// synthetic metafiles and the metafile of a real esbuild build (same splitting and format
// as build.mjs) in which a participant entry reaches researcher code only through import().
import * as esbuild from 'esbuild';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, describe, it } from 'node:test';
import { forbiddenReach, formatReach } from './reach.mjs';

/** meta builds a metafile from {input: [[path, kind]]} and {output: {entryPoint?, inputs, imports}}. */
function meta(inputs, outputs) {
  return {
    inputs: Object.fromEntries(Object.entries(inputs).map(([p, imps]) => [p, { imports: imps.map(([path, kind]) => ({ path, kind })) }])),
    outputs: Object.fromEntries(
      Object.entries(outputs).map(([o, v]) => [
        o,
        { entryPoint: v.entryPoint, inputs: Object.fromEntries(v.inputs.map((p) => [p, {}])), imports: v.imports.map(([path, kind]) => ({ path, kind })) },
      ]),
    ),
  };
}

describe('forbiddenReach on synthetic metafiles', () => {
  const clean = meta(
    {
      'src/participant.tsx': [['src/lib/api.ts', 'import-statement']],
      'src/lib/api.ts': [],
      'src/researcher.tsx': [['src/researcher/App.tsx', 'import-statement'], ['src/lib/api.ts', 'import-statement']],
      'src/researcher/App.tsx': [],
    },
    {
      'dist/p.js': { entryPoint: 'src/participant.tsx', inputs: ['src/participant.tsx'], imports: [['dist/shared.js', 'import-statement']] },
      'dist/shared.js': { inputs: ['src/lib/api.ts'], imports: [] },
      'dist/r.js': { entryPoint: 'src/researcher.tsx', inputs: ['src/researcher.tsx', 'src/researcher/App.tsx'], imports: [['dist/shared.js', 'import-statement']] },
    },
  );

  it('passes a participant entry that shares only lib code with the researcher entry', () => {
    assert.deepEqual(forbiddenReach(clean, 'src/participant.tsx'), []);
  });

  it('finds researcher code from the researcher entry (the positive control build.mjs runs)', () => {
    assert.deepEqual(
      forbiddenReach(clean, 'src/researcher.tsx').map((f) => f.input),
      ['src/researcher/App.tsx'],
    );
  });

  it('names the import chain of a static import', () => {
    const m = meta(
      {
        'src/participant.tsx': [['src/participant/App.tsx', 'import-statement']],
        'src/participant/App.tsx': [['src/researcher/api.ts', 'import-statement']],
        'src/researcher/api.ts': [],
      },
      { 'dist/p.js': { entryPoint: 'src/participant.tsx', inputs: ['src/participant.tsx', 'src/participant/App.tsx', 'src/researcher/api.ts'], imports: [] } },
    );
    assert.deepEqual(forbiddenReach(m, 'src/participant.tsx'), [
      { input: 'src/researcher/api.ts', chain: ['src/participant.tsx', 'src/participant/App.tsx', 'src/researcher/api.ts'] },
    ]);
  });

  it('follows dynamic imports and marks them', () => {
    const m = meta(
      {
        'src/participant.tsx': [['src/participant/home/HomePage.tsx', 'dynamic-import']],
        'src/participant/home/HomePage.tsx': [['src/researcher/fields/index.ts', 'import-statement']],
        'src/researcher/fields/index.ts': [],
      },
      {
        'dist/p.js': { entryPoint: 'src/participant.tsx', inputs: ['src/participant.tsx'], imports: [['dist/home.js', 'dynamic-import']] },
        'dist/home.js': { entryPoint: 'src/participant/home/HomePage.tsx', inputs: ['src/participant/home/HomePage.tsx', 'src/researcher/fields/index.ts'], imports: [] },
      },
    );
    const [f] = forbiddenReach(m, 'src/participant.tsx');
    assert.deepEqual(f.chain, ['src/participant.tsx', 'import(src/participant/home/HomePage.tsx)', 'src/researcher/fields/index.ts']);
    assert.match(formatReach('src/participant.tsx', [f]), /import\(src\/participant\/home\/HomePage\.tsx\)/);
  });

  it('finds researcher code bundled into a chunk the participant loads, even without an input chain', () => {
    const m = meta(
      { 'src/participant.tsx': [], 'src/researcher/charts.ts': [] },
      {
        'dist/p.js': { entryPoint: 'src/participant.tsx', inputs: ['src/participant.tsx'], imports: [['dist/a.js', 'import-statement']] },
        'dist/a.js': { inputs: [], imports: [['dist/b.js', 'dynamic-import']] },
        'dist/b.js': { inputs: ['src/researcher/charts.ts'], imports: [] },
      },
    );
    assert.deepEqual(forbiddenReach(m, 'src/participant.tsx'), [
      { input: 'src/researcher/charts.ts', chain: ['dist/p.js', 'dist/a.js', 'import(dist/b.js)', 'src/researcher/charts.ts (bundled in dist/b.js)'] },
    ]);
  });

  it('ignores external imports and survives import cycles', () => {
    const m = meta(
      { 'src/participant.tsx': [['src/a.ts', 'import-statement']], 'src/a.ts': [['src/participant.tsx', 'import-statement']] },
      { 'dist/p.js': { entryPoint: 'src/participant.tsx', inputs: ['src/participant.tsx', 'src/a.ts'], imports: [] } },
    );
    m.inputs['src/a.ts'].imports.push({ path: 'src/researcher/x.ts', kind: 'import-statement', external: true });
    assert.deepEqual(forbiddenReach(m, 'src/participant.tsx'), []);
  });

  it('refuses an entry the metafile does not have', () => {
    assert.throws(() => forbiddenReach(clean, 'src/participants.tsx'), /not an input/);
  });
});

describe('forbiddenReach on a real esbuild metafile', () => {
  const dir = mkdtempSync(join(tmpdir(), 'feedlab-reach-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const files = {
    'src/participant.tsx': "import { api } from './lib/api'; export const go = () => import('./participant/late').then((m) => m.late(api));",
    'src/participant/late.ts': "import { table } from '../researcher/table'; export const late = (x: string) => table(x);",
    'src/researcher.tsx': "import { api } from './lib/api'; import { table } from './researcher/table'; console.log(table(api));",
    'src/researcher/table.ts': 'export const table = (x: string) => `<table>${x}</table>`;',
    'src/lib/api.ts': "export const api = '/v1';",
  };
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  const build = (entries) =>
    esbuild.build({
      absWorkingDir: dir,
      entryPoints: entries,
      outdir: join(dir, 'dist'),
      bundle: true,
      splitting: true,
      format: 'esm',
      metafile: true,
      write: false,
      logLevel: 'silent',
    });

  it('finds researcher code the participant entry reaches only through import() and a shared chunk', async () => {
    const { metafile } = await build(['src/participant.tsx', 'src/researcher.tsx']);
    const findings = forbiddenReach(metafile, 'src/participant.tsx');
    assert.deepEqual(findings, [
      { input: 'src/researcher/table.ts', chain: ['src/participant.tsx', 'import(src/participant/late.ts)', 'src/researcher/table.ts'] },
    ]);
  });

  it('passes once the participant side no longer imports it', async () => {
    writeFileSync(join(dir, 'src/participant/late.ts'), 'export const late = (x: string) => x;');
    const { metafile } = await build(['src/participant.tsx', 'src/researcher.tsx']);
    assert.deepEqual(forbiddenReach(metafile, 'src/participant.tsx'), []);
    assert.equal(forbiddenReach(metafile, 'src/researcher.tsx').length, 1);
  });
});
