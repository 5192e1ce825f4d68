// Writes questionnaires.json: every questionnaire definition of
// src/participant/forms/definitions, as data. The definitions in TypeScript are the one
// source; this file is their generated copy for the Go side, which embeds it for the
// codebooks (the question text and options of every user_form field). A unit test
// (src/participant/forms/questionnairesJSON.test.ts) fails when the file has drifted from
// the definitions; run this script to bring it back.
//
//   node scripts/questionnaires.mjs
import * as esbuild from 'esbuild';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = await esbuild.build({
  absWorkingDir: root,
  stdin: {
    contents: "import { QUESTIONNAIRES } from './src/participant/forms/definitions'; import { questionnairesJSON } from './src/participant/forms/questionnairesJSON'; process.stdout.write(questionnairesJSON(QUESTIONNAIRES));",
    resolveDir: root,
    loader: 'ts',
  },
  bundle: true,
  platform: 'node',
  format: 'esm',
  write: false,
  logLevel: 'warning',
});
const mod = `data:text/javascript;base64,${Buffer.from(out.outputFiles[0].text).toString('base64')}`;
let text = '';
const write = process.stdout.write.bind(process.stdout);
process.stdout.write = (chunk) => {
  text += chunk;
  return true;
};
await import(mod);
process.stdout.write = write;
writeFileSync(join(root, 'questionnaires.json'), text);
console.log(`wrote questionnaires.json (${text.length} bytes)`);
