// Test support: create studies on the running appliance the way a researcher would, so a
// browser test can open a study with exactly the parameters it needs.
import { execFileSync } from 'node:child_process';
import { request, type APIRequestContext } from '@playwright/test';
import { csvRecords } from '../../src/researcher/wizard/model/csv';

const binary = process.env.FEEDLAB_BIN ?? '../feedlab';
const NAME = 'e2e-researcher';
const PASSWORD = 'e2e password long enough';

let researcher: APIRequestContext | null = null;

/** signedIn returns an API client signed in as a researcher, creating the account (with
 * the CLI, over the server's data directory) the first time. */
export async function signedIn(baseURL: string): Promise<APIRequestContext> {
  if (researcher) return researcher;
  try {
    execFileSync(binary, ['researcher', 'add', NAME, '--password-stdin', '--data', process.env.FEEDLAB_E2E_DATA!], {
      input: PASSWORD + '\n',
      stdio: ['pipe', 'ignore', 'pipe'],
    });
  } catch (err) {
    if (!String((err as { stderr?: Buffer }).stderr ?? '').includes('already exists')) throw err;
  }
  const ctx = await request.newContext({ baseURL });
  const res = await ctx.post('/v1/auth/login', { data: { name: NAME, password: PASSWORD } });
  if (!res.ok()) throw new Error(`login failed: ${res.status()} ${await res.text()}`);
  researcher = ctx;
  return ctx;
}

/** Row is one study parameter (condition, param, value) as the wizard sends it. */
export interface Row {
  condition: number;
  param: string;
  value: string;
}

/** DEMO_SET is the built-in stimulus set of 24 generated image cards. */
export const DEMO_SET = 'solarflare_demo';

/** entitySets is the entity_sets value for n cards of the demo set. */
export function entitySets(n: number, set = DEMO_SET): string {
  return JSON.stringify([{ entity_set: set, number_to_show: n, randomize_between_subjects: 'yes' }]);
}

/**
 * createStudy creates a study from per-condition parameters (plain values: encoded here
 * as the wizard does), launches it and returns its experiment_id. `conditions` maps each condition to
 * its parameters; entity_sets defaults to 10 demo cards.
 */
export async function createStudy(baseURL: string, conditions: Array<Record<string, string>>): Promise<string> {
  const encoded = ['platform', 'redirect-url', 'completion-code', 'consent', 'custom-msg', 'instruct', 'intervention-text'];
  const rows: Row[] = [];
  conditions.forEach((params, i) => {
    const all = { entity_sets: entitySets(10), ...params };
    for (const [param, value] of Object.entries(all)) {
      rows.push({ condition: i + 1, param, value: encoded.includes(param) ? encodeURIComponent(value) : value });
    }
  });
  const ctx = await signedIn(baseURL);
  const res = await ctx.post('/v1/spawn_experiment', { data: { condition_settings: rows } });
  const body = await res.json();
  if (body.success !== 'true') throw new Error(`spawn_experiment: ${JSON.stringify(body)}`);
  // The wizard's call makes a draft, which registers no one: these studies run at once.
  const id = body.data.experiment_id as string;
  const launched = await ctx.post(`/v1/studies/${id}/launch`, { data: {} });
  if (!launched.ok()) throw new Error(`launch ${id}: ${await launched.text()}`);
  return id;
}

/** exportCSV downloads an export as parsed rows (header → value objects). */
export async function exportCSV(baseURL: string, dataType: string, id: string): Promise<Array<Record<string, string>>> {
  const ctx = await signedIn(baseURL);
  const res = await ctx.post('/v1/dump_data', { data: { data_type: dataType, experiment_id: id, stimulus_set: id } });
  if (!res.ok()) throw new Error(`dump_data ${dataType} ${id}: ${res.status()} ${await res.text()}`);
  return parseCSV(await res.text());
}

/**
 * uploadCommentedSet uploads the comment specs' two-card set, `talk` ("Miracle cure found
 * in tap water") and `quiet` ("Council opens a new library"), with seeded comments given as
 * TSV rows (comment_id, filename, author, text, avatar, likes, time, reply_to, tag), and
 * returns the set's name.
 */
export async function uploadCommentedSet(baseURL: string, prefix: string, rows: string[]): Promise<string> {
  const ctx = await signedIn(baseURL);
  const covariates = [
    ['talk', 'Miracle cure found in tap water'],
    ['quiet', 'Council opens a new library'],
  ].map(([filename, headline], i) => ({ source_url: `/img/accprompt-${i + 1}.svg`, filename, retrieve_date: '2026-01-02', entity_type: 'image', headline }));
  const comments = ['comment_id\tfilename\tauthor\ttext\tavatar\tlikes\ttime\treply_to\ttag', ...rows].join('\n');
  const res = await ctx.post('/v1/ingest_entity_set', {
    data: { entity_set_settings: { setname: `${prefix}${Date.now() % 100000}`, category: 'news', covariates, comments } },
  });
  const body = (await res.json()) as { success: string; data: { entity_set: string } };
  if (body.success !== 'true') throw new Error(`upload a set with comments: ${JSON.stringify(body)}`);
  return body.data.entity_set;
}

/** parseCSV reads an export (RFC 4180) into one object per row, keyed by the header. */
export function parseCSV(text: string): Array<Record<string, string>> {
  const [header, ...rows] = csvRecords(text);
  return rows.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ''])));
}
