// What an entry of the bundle can load, read from esbuild's metafile. build.mjs uses it to
// fail the build when researcher code is reachable from the participant entry: a
// participant's phone must never download (or be able to fetch) researcher code.
// scripts/reach.test.mjs checks it on synthetic metafiles and on a real esbuild build.

/**
 * LOADING_KINDS are the import kinds that can bring a module into the page: static imports
 * load with the entry, dynamic ones on demand, but both are reachable. (require-call is a
 * static load too, for a CommonJS dependency.) CSS url() and @import are not code.
 */
export const LOADING_KINDS = new Set(['import-statement', 'dynamic-import', 'require-call']);

/** RESEARCHER_CODE matches the metafile paths (relative to frontend/) of researcher code. */
export const RESEARCHER_CODE = /^src\/researcher\//;

/**
 * forbiddenReach lists every input matching `forbidden` that the entry `entryPoint` (as
 * the metafile names it, e.g. 'src/participant.tsx') can reach, each with the chain that
 * reaches it. It walks two graphs and reports what either reaches:
 *  - the inputs' imports (the chain a developer reads: which file imported what), and
 *  - the outputs' imports through the chunks (what the browser can actually fetch), for
 *    code that arrives in a shared chunk without an import chain of its own.
 * Paths use '/' as esbuild writes them. Throws if the entry is not in the metafile, so a
 * renamed entry cannot turn the check into a silent pass.
 */
export function forbiddenReach(metafile, entryPoint, forbidden = RESEARCHER_CODE) {
  if (!metafile.inputs[entryPoint]) throw new Error(`reach: ${entryPoint} is not an input of the build`);
  const found = new Map();

  const byInput = walk(entryPoint, (path) => metafile.inputs[path]?.imports ?? []);
  for (const path of byInput.keys()) {
    if (forbidden.test(path)) found.set(path, chainOf(byInput, path));
  }

  const entryOut = Object.keys(metafile.outputs).find((out) => metafile.outputs[out].entryPoint === entryPoint && out.endsWith('.js'));
  if (!entryOut) throw new Error(`reach: no output file for ${entryPoint}`);
  const byOutput = walk(entryOut, (out) => metafile.outputs[out]?.imports ?? []);
  for (const out of byOutput.keys()) {
    for (const path of Object.keys(metafile.outputs[out]?.inputs ?? {})) {
      if (forbidden.test(path) && !found.has(path)) found.set(path, [...chainOf(byOutput, out), `${path} (bundled in ${out})`]);
    }
  }
  return [...found].map(([input, chain]) => ({ input, chain })).sort((a, b) => a.input.localeCompare(b.input));
}

/**
 * walk is a breadth-first walk over the loading imports from start; it returns every node
 * reached with the step that first reached it ({from, kind}, null for start), so the
 * chains it gives are the shortest.
 */
function walk(start, importsOf) {
  const reached = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const from = queue.shift();
    for (const imp of importsOf(from)) {
      if (imp.external || !LOADING_KINDS.has(imp.kind) || reached.has(imp.path)) continue;
      reached.set(imp.path, { from, kind: imp.kind });
      queue.push(imp.path);
    }
  }
  return reached;
}

/** chainOf is the path from the walk's start to node, dynamic steps marked 'import()'. */
function chainOf(reached, node) {
  const chain = [];
  for (let at = node; at !== undefined; ) {
    const step = reached.get(at);
    chain.unshift(step && step.kind === 'dynamic-import' ? `import(${at})` : at);
    at = step ? step.from : undefined;
  }
  return chain;
}

/** formatReach is the build's error message for forbiddenReach's findings. */
export function formatReach(entryPoint, findings) {
  const lines = [`${entryPoint} can reach researcher code (src/researcher/), which a participant must never download:`];
  for (const { input, chain } of findings) lines.push(`  ${input}`, `    via ${chain.join('\n      → ')}`);
  lines.push('Move what both bundles need to src/lib/ or src/components/, or import it from the researcher side only.');
  return lines.join('\n');
}
