// Builds the two bundles into dist/, which frontend/embed.go embeds in the Go binary.
//
//   node build.mjs
//
// participant.tsx and researcher.tsx are built separately so a participant never downloads
// researcher code; the participant page also carries src/participant/boot.ts inline. The
// build fails when anything under src/researcher/ is reachable from the participant entry
// (static or dynamic import, through any chunk), when a first load exceeds its gzip budget
// (participant 50 KB, researcher 150 KB; docs/decisions.md, ground rules), and when the participant's first
// load is more than two files (its stylesheet is written into the page).
import * as esbuild from 'esbuild';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { forbiddenReach, formatReach } from './scripts/reach.mjs';

const root = dirname(fileURLToPath(import.meta.url));
const dist = join(root, 'dist');
/** First-load budgets (docs/decisions.md, "Budgets"), gzip level 9 bytes. */
const PARTICIPANT_BUDGET_GZIP = 50 * 1024;
const RESEARCHER_BUDGET_GZIP = 150 * 1024;
const HEADER_COLOUR = headerColour();
/**
 * LATER_ENGLISH are the groups of English texts (en.json keys `group.*`) that only the lazy
 * parts show: the questionnaires, the custom message, the comment thread and compose box,
 * the interventions. FIRST_LOAD_ENGLISH are their keys that the first load shows all the
 * same (the questionnaire route's "could not load" line). assertFirstLoadEnglish fails the
 * build when the first load's code names any other key of these groups.
 */
const LATER_ENGLISH = ['form', 'message', 'comments', 'compose', 'accprompt', 'video', 'intervention'];
const FIRST_LOAD_ENGLISH = ['form.loadFailed'];
const EN_CATALOGUE = join(root, 'src/participant/i18n/en.json');
const I18N = join(root, 'src/participant/i18n/index.ts');

/** Each entry becomes one HTML document that the Go server hands out by route. */
const pages = [
  { entry: 'participant', html: 'index.html', title: 'feedlab' },
  { entry: 'researcher', html: 'researcher.html', title: 'feedlab · researcher' },
];

cleanDist();

// One build per entry: code the two bundles share is then not cut into chunks of its own
// for the participant, whose first load on a slow phone pays a round trip per wave of six
// files (HTTP/1.1); chunks are still split between the entry and its lazy pages.
const builds = await Promise.all(pages.map((p) => buildEntry(p.entry)));
// A warning is a mistake esbuild recovered from (an unbalanced brace drops CSS rules in the
// browser too): the build fails on it instead of shipping the guess.
const warned = builds.reduce((n, b) => n + b.warnings.length, 0);
if (warned > 0) throw new Error(`build: esbuild reported ${warned} warning(s) above; fix them`);
const meta = {
  inputs: Object.assign({}, ...builds.map((b) => b.metafile.inputs)),
  outputs: Object.assign({}, ...builds.map((b) => b.metafile.outputs)),
};

function buildEntry(entry) {
  const lazyPages = new Set();
  return esbuild.build({
    plugins:
      entry === 'participant'
        ? [lazyStyles(lazyPages), oneSharedChunk('src/participant/App.tsx', lazyPages, ['feedlab:later-english']), laterEnglish(), plainCatalogues('src/participant/App.tsx')]
        : [plainCatalogues()],
    // The lazy pages' stylesheets (lazyStyles) are fetched by absolute URL: the page is served
    // at nested paths such as /form/crt.
    ...(entry === 'participant' ? { publicPath: '/' } : {}),
    absWorkingDir: root,
    entryPoints: { [entry]: `src/${entry}.tsx` },
    outdir: dist,
    entryNames: 'assets/[name]-[hash]',
    chunkNames: 'assets/chunk-[hash]',
    assetNames: 'assets/[name]-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    target: ['es2019'],
    minify: true,
    legalComments: 'linked',
    metafile: true,
    jsx: 'automatic',
    jsxImportSource: 'preact',
    // The ranking examples of docs/ranking, offered in the wizard as they are (their text).
    loader: { '.star': 'text' },
    // The app is written against the React API and runs on Preact's compat layer.
    alias: {
      react: 'preact/compat',
      'react-dom': 'preact/compat',
      'react/jsx-runtime': 'preact/jsx-runtime',
    },
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  });
}

mkdirSync(join(root, '.build'), { recursive: true });
writeFileSync(join(root, '.build', 'metafile.json'), JSON.stringify(meta));
assertNoReact(meta);
assertNoResearcherCode(meta);

cpSync(join(root, 'public'), dist, { recursive: true });

const boot = await bootScript();
const sizes = {};
for (const page of pages) {
  const load = firstLoad(meta, page.entry);
  const inline = page.entry === 'participant' ? boot : '';
  const style = page.entry === 'participant' ? inlineStyle(load) : '';
  writeFileSync(join(dist, page.html), html(page.title, load, inline, style));
  sizes[page.entry] = measure(style ? { ...load, css: [] } : load, inline + style);
}
const budgets = { participant: PARTICIPANT_BUDGET_GZIP, researcher: RESEARCHER_BUDGET_GZIP };
const report = { budget_gzip_bytes: PARTICIPANT_BUDGET_GZIP, budgets_gzip_bytes: budgets, first_load: sizes };
writeFileSync(join(dist, 'bundle-sizes.json'), JSON.stringify(report, null, 2) + '\n');

for (const [entry, size] of Object.entries(sizes)) {
  console.log(`${entry.padEnd(12)} first load: ${kb(size.gzip)} gzip (${kb(size.raw)} raw) in ${size.files.length} files`);
}
// The participant's first load is the entry and one chunk (oneSharedChunk), its stylesheet
// in the page (inlineStyle): a slow phone fetches it in one wave beside load_experiment and
// the first image (BENCHMARKS.md).
const PARTICIPANT_MAX_FILES = 2;
if (sizes.participant.files.length > PARTICIPANT_MAX_FILES) {
  console.error(`participant first load is ${sizes.participant.files.length} files, more than ${PARTICIPANT_MAX_FILES}: ${sizes.participant.files.join(' ')} (see oneSharedChunk)`);
  process.exit(1);
}
for (const [entry, budget] of Object.entries(budgets)) {
  const gzip = sizes[entry].gzip;
  if (gzip > budget) {
    console.error(`${entry} first load is ${kb(gzip)} gzip, over the ${kb(budget)} budget`);
    process.exit(1);
  }
  console.log(`${entry} budget: ${kb(gzip)} of ${kb(budget)} gzip`);
}

// The feed route ('/?experiment_id=...') is what a participant's phone loads first. Its
// load is the entry's static closure plus any chunk the feed imports dynamically before it
// can show a card (FEED_ROUTE_CHUNKS: none today, the feed is bundled statically). It must
// fit the budget and must not carry what only other pages need: Formik and Yup (home page
// sign-up, questionnaires, accuracy prompt) load on demand.
const FEED_ROUTE_CHUNKS = [];
const FEED_ROUTE_FORBIDDEN = /node_modules\/(formik|yup|lodash|lodash-es)\/|src\/participant\/home\//;
const feedLoad = firstLoad(meta, 'participant');
for (const src of FEED_ROUTE_CHUNKS) {
  const out = Object.keys(meta.outputs).find((o) => meta.outputs[o].entryPoint === src);
  if (!out) throw new Error(`build: no chunk for ${src}`);
  for (const file of closure(meta, out)) if (!feedLoad.js.includes(file)) feedLoad.js.push(file);
}
const feedInputs = feedLoad.js.flatMap((out) => Object.keys(meta.outputs[out].inputs));
const misplaced = feedInputs.filter((p) => FEED_ROUTE_FORBIDDEN.test(p));
if (misplaced.length > 0) {
  console.error(`the feed route's first load carries code it does not need (import it with import()):\n  ${[...new Set(misplaced)].slice(0, 10).join('\n  ')}`);
  process.exit(1);
}
assertFirstLoadEnglish(meta, feedLoad.js);
const feedSize = measure({ ...feedLoad, css: [] }, boot + inlineStyle(feedLoad));
report.feed_route = feedSize;
writeFileSync(join(dist, 'bundle-sizes.json'), JSON.stringify(report, null, 2) + '\n');
if (feedSize.gzip > PARTICIPANT_BUDGET_GZIP) {
  console.error(`the feed route's first load is ${kb(feedSize.gzip)} gzip, over the ${kb(PARTICIPANT_BUDGET_GZIP)} budget`);
  process.exit(1);
}
console.log(`feed route first load: ${kb(feedSize.gzip)} gzip (${kb(feedSize.raw)} raw) in ${feedSize.files.length} files, budget ${kb(PARTICIPANT_BUDGET_GZIP)}`);
precompress(join(dist, 'assets'));
// The pages too (issue 28): the participant page carries the inline boot script (5 KB raw,
// 2 KB brotli) and is the first thing a phone downloads, so every byte of it delays all
// the rest. The server sends these copies when it serves the page unchanged.
for (const page of pages) compressFile(join(dist, page.html));

/**
 * precompress writes name.br (brotli, quality 11) and name.gz (gzip, level 9) beside every
 * text asset, once per build: the server hands out the variant the browser accepts
 * (api/app_encoding.go), so a phone on a slow connection downloads about a third of the
 * bytes and the server never compresses. Node's zlib has both built in: no dependency.
 */
function precompress(dir) {
  let raw = 0;
  let br = 0;
  for (const name of readdirSync(dir)) {
    if (!/\.(js|css|svg|txt)$/.test(name)) continue;
    const sizes = compressFile(join(dir, name));
    raw += sizes.raw;
    br += sizes.br;
  }
  console.log(`precompressed assets: ${kb(raw)} raw, ${kb(br)} brotli`);
}

/** compressFile writes file.br and file.gz beside file and answers both sizes. */
function compressFile(file) {
  const bytes = readFileSync(file);
  const brotli = brotliCompressSync(bytes, {
    params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  });
  writeFileSync(file + '.br', brotli);
  writeFileSync(file + '.gz', gzipSync(bytes, { level: 9 }));
  return { raw: bytes.length, br: brotli.length };
}

/**
 * oneSharedChunk keeps the participant's first load to one JS chunk beside its entry. esbuild
 * puts each module into a chunk by the set of entries and lazy pages (import()) that reach
 * it, so the code the first load shares with some lazy pages would be cut into several small
 * chunks, each one more file for a slow phone to fetch (HTTP/1.1 fetches six at a time). A
 * lazy page always loads after the app (app), so this plugin makes every lazy page import
 * app too: all the first load's code is then reached by the same set and lands in one chunk,
 * at no cost (a module runs once; the lazy pages load nothing more than before). alsoFirst
 * are more modules every lazy page imports before its own code (laterEnglish's texts).
 */
function oneSharedChunk(app, lazyPages, alsoFirst = []) {
  const appPath = join(root, app);
  return {
    name: 'one-shared-chunk',
    setup(build) {
      build.onResolve({ filter: /.*/ }, async (args) => {
        if (args.kind !== 'dynamic-import' || args.pluginData === 'inner') return undefined;
        const found = await build.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: 'inner' });
        if (found.errors.length > 0) return { errors: found.errors };
        lazyPages.add(found.path);
        return { path: found.path, namespace: found.namespace };
      });
      build.onLoad({ filter: /\.(ts|tsx)$/ }, (args) => {
        if (!lazyPages.has(args.path)) return undefined;
        const source = readFileSync(args.path, 'utf8');
        const first = [appPath, ...alsoFirst].map((m) => `import ${JSON.stringify(m)};\n`).join('');
        return { contents: `${first}${source}`, loader: args.path.endsWith('x') ? 'tsx' : 'ts', resolveDir: dirname(args.path) };
      });
    },
  };
}

/**
 * lazyStyles keeps a lazy page's own stylesheet out of the participant's first load. esbuild
 * puts the CSS of every module the entry reaches, through import() too, into the entry's
 * stylesheet, which is render-blocking: the questionnaires' and the comment thread's rules
 * were downloaded by every phone before its first card (issue 28). A CSS file imported by a
 * lazy page (oneSharedChunk's set, filled as esbuild resolves each import()) becomes a
 * minified file of its own (assets/NAME-HASH.css, precompressed like the rest) and the
 * import becomes needStyle(url) (src/lib/lazyStyle.ts), run when the chunk runs; the page's
 * import() goes through styled(), so it renders only once its sheet has loaded. A rule that
 * the feed or the end needs must therefore live in a stylesheet of the first load.
 */
function lazyStyles(lazyPages) {
  const needStyle = join(root, 'src/lib/lazyStyle.ts');
  return {
    name: 'lazy-styles',
    setup(build) {
      build.onResolve({ filter: /\.css$/ }, (args) => {
        if (args.kind !== 'import-statement' || !lazyPages.has(args.importer)) return undefined;
        return { path: join(args.resolveDir, args.path), namespace: 'lazy-style' };
      });
      build.onLoad({ filter: /.*/, namespace: 'lazy-style' }, (args) => ({
        contents: `import href from ${JSON.stringify('lazy-style-file:' + args.path)};\nimport { needStyle } from ${JSON.stringify(needStyle)};\nneedStyle(href);\n`,
        loader: 'js',
        resolveDir: dirname(args.path),
      }));
      build.onResolve({ filter: /^lazy-style-file:/ }, (args) => ({ path: args.path.slice('lazy-style-file:'.length), namespace: 'lazy-style-file' }));
      build.onLoad({ filter: /.*/, namespace: 'lazy-style-file' }, async (args) => {
        const css = await esbuild.transform(readFileSync(args.path, 'utf8'), { loader: 'css', minify: true, sourcefile: args.path });
        return { contents: css.code, loader: 'file' };
      });
    },
  };
}

/** laterEnglishKey: the key's text is not in the first load (LATER_ENGLISH). */
function laterEnglishKey(key) {
  return LATER_ENGLISH.includes(key.split('.')[0]) && !FIRST_LOAD_ENGLISH.includes(key);
}

/**
 * laterEnglish keeps the English texts that only lazy parts show out of the participant's
 * first load (issue 28: en.json was 9.8 KB of the first-load chunk). en.json stays the one
 * catalogue (the Go side, the wizard's table and the unit tests read it whole); in this
 * build only, the i18n module's import of it gets the first load's keys, and every lazy
 * page (oneSharedChunk's set) first imports a module that adds the rest (addEnglish in
 * i18n/index.ts) before the page's own code runs, so a lazy part never shows a key.
 */
function laterEnglish() {
  return {
    name: 'later-english',
    setup(build) {
      build.onResolve({ filter: /^feedlab:later-english$/ }, () => ({ path: 'later-english', namespace: 'later-english' }));
      build.onLoad({ filter: /.*/, namespace: 'later-english' }, () => {
        const en = JSON.parse(readFileSync(EN_CATALOGUE, 'utf8'));
        const later = Object.fromEntries(Object.entries(en).filter(([k]) => laterEnglishKey(k)));
        return { contents: `import { addEnglish } from ${JSON.stringify(I18N)};\naddEnglish(${JSON.stringify(later)});\n`, loader: 'js', resolveDir: root };
      });
      // Before oneSharedChunk's and plainCatalogues' loaders: the first load's English.
      build.onLoad({ filter: /[\\/]participant[\\/]i18n[\\/]en\.json$/ }, (args) => {
        const en = JSON.parse(readFileSync(args.path, 'utf8'));
        const first = Object.fromEntries(Object.entries(en).filter(([k]) => !laterEnglishKey(k)));
        // It imports App like every catalogue (plainCatalogues), or esbuild cuts the first
        // load's code into two chunks.
        return { contents: `import ${JSON.stringify(join(root, 'src/participant/App.tsx'))};\nexport default ${JSON.stringify(first)};`, loader: 'js', resolveDir: dirname(args.path) };
      });
    },
  };
}

/**
 * assertFirstLoadEnglish fails the build when a source file of the participant's first load
 * names an English key that laterEnglish leaves out of it (it would show the key itself
 * until a lazy part loads), or builds a key of those groups from a prefix.
 */
function assertFirstLoadEnglish(metafile, js) {
  const en = JSON.parse(readFileSync(EN_CATALOGUE, 'utf8'));
  const later = Object.keys(en).filter(laterEnglishKey);
  const sources = [...new Set(js.flatMap((out) => Object.keys(metafile.outputs[out].inputs)))].filter((p) => /^src\/.*\.tsx?$/.test(p));
  const found = [];
  for (const src of sources) {
    const text = readFileSync(join(root, src), 'utf8');
    for (const key of later) if (text.includes(`'${key}'`) || text.includes(`"${key}"`)) found.push(`${src}: ${key}`);
    for (const group of LATER_ENGLISH) if (text.includes('`' + group + '.')) found.push(`${src}: \`${group}.…\``);
  }
  if (found.length > 0) {
    console.error(`the participant's first load shows English texts that build.mjs (LATER_ENGLISH) sends later; add them to FIRST_LOAD_ENGLISH:\n  ${found.join('\n  ')}`);
    process.exit(1);
  }
}

/**
 * plainCatalogues loads the participant's message catalogues (src/participant/i18n/*.json,
 * and the home and about pages' src/participant/home/i18n/*.json)
 * as one default-exported object each. esbuild's JSON loader would also export every key by
 * name and wrap a module reached by import() in its CommonJS helper, a chunk of its own that
 * the first load would then fetch as a fourth file. Like a lazy page (oneSharedChunk), each
 * imports app, so the first load's code stays in one chunk.
 */
function plainCatalogues(app) {
  const prefix = app ? `import ${JSON.stringify(join(root, app))};\n` : '';
  return {
    name: 'plain-catalogues',
    setup(build) {
      build.onLoad({ filter: /[\\/]participant[\\/](home[\\/])?i18n[\\/][^\\/]+\.json$/ }, (args) => {
        const text = readFileSync(args.path, 'utf8');
        JSON.parse(text); // a broken catalogue fails the build here, with its path
        return { contents: `${prefix}export default ${text};`, loader: 'js', resolveDir: dirname(args.path) };
      });
    },
  };
}

/**
 * bootScript bundles src/participant/boot.ts into one classic script that build writes
 * inline in the participant page's head: it sends the feed's load_experiment and fetches
 * the first image while the app's files are still arriving (api/app_serve.go allows it in
 * the page's CSP by its sha256). It is counted in the participant's first load.
 */
async function bootScript() {
  const out = await esbuild.build({
    absWorkingDir: root,
    entryPoints: ['src/participant/boot.ts'],
    bundle: true,
    write: false,
    format: 'iife',
    target: ['es2019'],
    minify: true,
    legalComments: 'none',
    metafile: true,
    logLevel: 'warning',
  });
  const inputs = Object.keys(out.metafile.inputs);
  if (inputs.some((p) => /node_modules\/|src\/researcher\//.test(p))) {
    throw new Error(`build: the inline boot script pulls in more than session code:\n  ${inputs.join('\n  ')}`);
  }
  const code = out.outputFiles[0].text.trim();
  if (/<\/script|<!--/i.test(code)) throw new Error('build: the boot script contains </script or <!--, it cannot be inlined');
  return code;
}

/** cleanDist removes the previous build but keeps dist/.gitkeep, which git tracks. */
function cleanDist() {
  mkdirSync(dist, { recursive: true });
  for (const name of readdirSync(dist)) {
    if (name !== '.gitkeep') rmSync(join(dist, name), { recursive: true, force: true });
  }
  // embed.go needs dist/ to exist in every checkout; git tracks it through this file.
  if (!existsSync(join(dist, '.gitkeep'))) writeFileSync(join(dist, '.gitkeep'), '');
}

/** assertNoReact fails the build if real React slipped past the alias: it would
 * double the participant download and run a second component model. */
function assertNoReact(metafile) {
  const leaked = Object.keys(metafile.inputs).filter((p) => /node_modules\/(react|react-dom)\//.test(p));
  if (leaked.length > 0) {
    console.error(`React was bundled instead of preact/compat:\n  ${leaked.join('\n  ')}`);
    process.exit(1);
  }
}

/**
 * assertNoResearcherCode fails the build if the participant entry can reach anything under
 * src/researcher/, by a static or a dynamic import, through any chunk (scripts/reach.mjs).
 * The researcher entry must reach researcher code: if it did not, the paths would no longer
 * look the way the check expects and it would pass without checking anything.
 */
function assertNoResearcherCode(metafile) {
  if (forbiddenReach(metafile, 'src/researcher.tsx').length === 0) {
    console.error('build: the researcher-code check found no src/researcher/ code even from src/researcher.tsx; fix scripts/reach.mjs');
    process.exit(1);
  }
  const findings = forbiddenReach(metafile, 'src/participant.tsx');
  if (findings.length > 0) {
    console.error(formatReach('src/participant.tsx', findings));
    process.exit(1);
  }
}

/**
 * headerColour reads HEADER_COLOUR from src/components/Header.tsx, its one definition, for
 * the documents' theme-color, and checks that the stylesheets' --header agrees with it.
 */
function headerColour() {
  const source = readFileSync(join(root, 'src/components/Header.tsx'), 'utf8');
  const colour = /export const HEADER_COLOUR = '(#[0-9A-Fa-f]{6})'/.exec(source)?.[1];
  if (!colour) throw new Error('build: HEADER_COLOUR not found in src/components/Header.tsx');
  const css = /--header:\s*(#[0-9A-Fa-f]{6})/.exec(readFileSync(join(root, 'src/styles/base.css'), 'utf8'))?.[1];
  if (css?.toLowerCase() !== colour.toLowerCase()) {
    throw new Error(`build: --header in src/styles/base.css (${css}) differs from HEADER_COLOUR (${colour})`);
  }
  return colour;
}

/** firstLoad lists what the browser fetches before the page runs: the entry, the chunks
 * it imports statically (not dynamic imports, which load later), and its CSS. */
function firstLoad(metafile, entry) {
  const outputs = metafile.outputs;
  const entryOut = Object.keys(outputs).find(
    (out) => outputs[out].entryPoint === `src/${entry}.tsx` && out.endsWith('.js'),
  );
  if (!entryOut) throw new Error(`build: no output for entry ${entry}`);
  const js = [];
  const visit = (out) => {
    if (js.includes(out)) return;
    js.push(out);
    for (const imp of outputs[out].imports) {
      if (imp.kind === 'import-statement' && !imp.external) visit(imp.path);
    }
  };
  visit(entryOut);
  const css = outputs[entryOut].cssBundle ? [outputs[entryOut].cssBundle] : [];
  return { js, css };
}

/** closure is an output file and the chunks it imports statically. */
function closure(metafile, out, seen = []) {
  if (seen.includes(out)) return seen;
  seen.push(out);
  for (const imp of metafile.outputs[out].imports) {
    if (imp.kind === 'import-statement' && !imp.external) closure(metafile, imp.path, seen);
  }
  return seen;
}

/** measure sums raw and gzip sizes (level 9, as a server would pre-compress) of a load and
 * of the script inlined in its page. */
function measure({ js, css }, inline = '') {
  const files = [...js, ...css];
  let raw = Buffer.byteLength(inline);
  let gzip = inline ? gzipSync(inline, { level: 9 }).length : 0;
  for (const file of files) {
    const bytes = readFileSync(join(root, file));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  return { files: files.map(toUrl), raw, gzip };
}

/** toUrl turns an output path (relative to frontend/) into its absolute URL path. */
function toUrl(out) {
  return '/' + relative(dist, join(root, out)).split('\\').join('/');
}

/**
 * inlineStyle is the participant's first-load stylesheet, written into its page (issue 28).
 * A slow phone's link sits idle for a round trip between the page's arrival and the first
 * bytes of the files it asks for (BENCHMARKS.md); what the page carries itself crosses in
 * that window, so the 3.6 KB (brotli) of render-blocking CSS no longer shares the link with
 * the app's chunk, the feed's data and the first image, and is one request fewer. The CSP
 * allows inline styles already (api/transport.go). The file is still written, unused.
 */
function inlineStyle({ css }) {
  const text = css.map((file) => readFileSync(join(root, file), 'utf8')).join('\n');
  if (/<\/style/i.test(text)) throw new Error('build: the participant stylesheet contains </style, it cannot be inlined');
  return text;
}

function html(title, { js, css }, inline, style = '') {
  // Absolute URLs: the same document is served at nested paths like /form/crt.
  const [entry, ...chunks] = js.map(toUrl);
  const lines = [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<meta name="theme-color" content="${HEADER_COLOUR}">`,
    '<meta name="referrer" content="same-origin">',
    `<title>${title}</title>`,
    // First in the head, so its request leaves before the stylesheet's and the chunks'.
    ...(inline ? [`<script>${inline}</script>`] : []),
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    '<link rel="icon" href="/favicon.png" type="image/png" sizes="32x32">',
    ...(style ? [] : css.map((file) => `<link rel="stylesheet" href="${toUrl(file)}">`)),
    ...chunks.map((url) => `<link rel="modulepreload" href="${url}">`),
    `<script type="module" src="${entry}"></script>`,
    // After the tags that ask for files, so their requests leave before these bytes arrive.
    ...(style ? [`<style>${style}</style>`] : []),
    '</head>',
    '<body>',
    '<div id="app"></div>',
    '<noscript>feedlab needs JavaScript. Please enable it and reload the page.</noscript>',
    '</body>',
    '</html>',
    '',
  ];
  return lines.join('\n');
}

function kb(bytes) {
  return `${(bytes / 1024).toFixed(1)} KB`;
}
