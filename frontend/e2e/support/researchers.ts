// Test support for the researcher pages: accounts made with the CLI over the running
// server's data directory, API clients signed in as them, studies they own, and signing
// in through the page itself.
import { execFileSync } from 'node:child_process';
import { request, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { expect } from './expect';
import { entitySets } from './studies';

const binary = process.env.FEEDLAB_BIN ?? '../feedlab';
export const PASSWORD = 'a long enough password';

/** uniqueName is a researcher name no other test (or project, or run) uses. */
export function uniqueName(prefix: string, info: TestInfo): string {
  return `${prefix}-${info.project.name}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

/** addResearcher creates an account with `feedlab researcher add`. */
export function addResearcher(name: string, password = PASSWORD): void {
  execFileSync(binary, ['researcher', 'add', name, '--password-stdin', '--data', process.env.FEEDLAB_E2E_DATA!], {
    input: password + '\n',
    stdio: ['pipe', 'ignore', 'pipe'],
  });
}

/** apiAs returns an API client signed in as name. */
export async function apiAs(baseURL: string, name: string, password = PASSWORD): Promise<APIRequestContext> {
  const ctx = await request.newContext({ baseURL });
  const res = await ctx.post('/v1/auth/login', { data: { name, password } });
  if (!res.ok()) throw new Error(`login ${name}: ${res.status()} ${await res.text()}`);
  return ctx;
}

/** spawnStudy creates a one-condition study owned by the client's researcher and launches
 * it (the wizard's call makes a draft, which registers no one). */
export async function spawnStudy(ctx: APIRequestContext, params: Record<string, string> = {}): Promise<string> {
  const all: Record<string, string> = { entity_sets: entitySets(5), ...params };
  const encoded = ['platform', 'redirect-url', 'completion-code', 'consent', 'custom-msg', 'instruct'];
  const rows = Object.entries(all).map(([param, value]) => ({
    condition: 1,
    param,
    value: encoded.includes(param) ? encodeURIComponent(value) : value,
  }));
  const res = await ctx.post('/v1/spawn_experiment', { data: { condition_settings: rows } });
  const body = await res.json();
  if (body.success !== 'true') throw new Error(`spawn_experiment: ${JSON.stringify(body)}`);
  const id = body.data.experiment_id as string;
  const launched = await ctx.post(`/v1/studies/${id}/launch`, { data: {} });
  if (!launched.ok()) throw new Error(`launch ${id}: ${await launched.text()}`);
  return id;
}

/** exportParameters is `feedlab export --type experiment_parameters` of a study. */
export function exportParameters(id: string): string {
  return execFileSync(binary, ['export', '--study', id, '--type', 'experiment_parameters', '--data', process.env.FEEDLAB_E2E_DATA!], {
    encoding: 'utf8',
  });
}

/**
 * signedIn signs the page's browser in as name through the API (the session cookie lands in
 * the page's context) without opening a page: the test then opens the page it is about.
 * Signing in through the form is tested by researcher-auth.spec.ts and by one test of each
 * flow that starts at sign-in (signIn below); the others use this, which is quicker.
 */
export async function signedIn(page: Page, name: string, password = PASSWORD): Promise<void> {
  const res = await page.request.post('/v1/auth/login', { data: { name, password } });
  if (!res.ok()) throw new Error(`login ${name}: ${res.status()} ${await res.text()}`);
}

/** signInOnPage fills the sign-in form of the page it is on and submits it. */
export async function signInOnPage(page: Page, name: string, password = PASSWORD): Promise<void> {
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * signIn opens My studies as name, signed in through the API (signedIn): the sign-in form
 * itself is tested by researcher-auth.spec.ts with signInOnPage, so the other specs do not
 * pay for typing into it before every test.
 */
export async function signIn(page: Page, name: string, password = PASSWORD): Promise<void> {
  await signedIn(page, name, password);
  await page.goto('/studies');
  await expect(page.getByRole('heading', { level: 1, name: 'My studies' })).toBeVisible();
}
