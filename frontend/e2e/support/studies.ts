// Test support: create studies on the running appliance the way a researcher would, so a
// browser test can open a study with exactly the parameters it needs.
import { execFileSync } from 'node:child_process';
import { request, type APIRequestContext } from '@playwright/test';

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

/** parseCSV reads RFC 4180 text (quoted fields, doubled quotes, CRLF or LF). */
export function parseCSV(text: string): Array<Record<string, string>> {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  const [header, ...rows] = records;
  return rows.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ''])));
}
