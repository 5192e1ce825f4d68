// Support for the questionnaire browser tests: a participant registered the way the feed
// registers them (load_experiment), with the session keys the feed stores planted in the
// browser, so a test starts on a questionnaire page of a real study.
import { type Page } from '@playwright/test';
import { expect } from './support/expect';
import { buildRedirectionRoutes } from '../src/lib/session';
import type { ExperimentParameter } from '../src/lib/feedTypes';
import { exportCSV } from './support/studies';

/** Participant is who a test plays. */
export interface Participant {
  userId: string;
  experimentId: string;
  condition: number;
  params: ExperimentParameter[];
}

let counter = 0;

/**
 * joinStudy registers a new participant of the study (load_experiment, as the feed does)
 * and stores user_id, experiment_id, condition, experiment_parameters, queryParams,
 * redirectionRoutes (with the feed's route '/' already visited) and nextRoute.
 */
export async function joinStudy(page: Page, experimentId: string, arrival: Record<string, string> = {}): Promise<Participant> {
  const userId = `e2e_${Date.now()}_${counter++}`;
  const res = await page.request.post('/v1/load_experiment', {
    data: { user_id: userId, experiment_id: experimentId, query_params: arrival },
  });
  const body = await res.json();
  expect(body.success, JSON.stringify(body)).toBe('true');
  const params = JSON.parse(body.data.experiment_parameters) as ExperimentParameter[];
  // The participant has been through the feed: its submit-click is what the server checks
  // (with each questionnaire's form-done) before it answers a completion code.
  const submitted = await page.request.post('/v1/write_checkpoint', {
    data: { user_id: userId, experiment_id: experimentId, checkpoint: 'submit-click', event_id: `submit-${userId}` },
  });
  expect(submitted.ok()).toBe(true);
  const queryParams = { experiment_id: experimentId, ...arrival };
  const routes = buildRedirectionRoutes({ experimentId, userId, params, queryParams });
  const next = Object.keys(routes[0] ?? { '/': 0 })[0];
  const session: Record<string, unknown> = {
    user_id: userId,
    experiment_id: experimentId,
    condition: body.data.condition,
    experiment_parameters: params,
    queryParams,
    redirectionRoutes: routes,
    nextRoute: next,
    complete: 0,
    startTime: Date.now(),
  };
  await page.goto('/about');
  await page.evaluate((values) => {
    localStorage.clear();
    for (const [k, v] of Object.entries(values)) localStorage.setItem(k, JSON.stringify(v));
  }, session);
  return { userId, experimentId, condition: body.data.condition, params };
}

/** storedKeys reads the spec's session keys back from the browser. */
export async function storedKeys(page: Page): Promise<Record<string, string | null>> {
  return page.evaluate(() => {
    const out: Record<string, string | null> = {};
    for (const k of ['user_id', 'condition', 'experiment_id', 'experiment_parameters', 'queryParams', 'redirectionRoutes', 'nextRoute', 'complete']) {
      out[k] = localStorage.getItem(k);
    }
    out.feedlab_outbox = localStorage.getItem('feedlab_outbox');
    return out;
  });
}

/** expectFlowFinished checks the end of the flow in storage: keys cleared, complete = 1,
 * nothing left in the outbox. */
export async function expectFlowFinished(page: Page): Promise<void> {
  const keys = await storedKeys(page);
  for (const k of ['condition', 'experiment_id', 'experiment_parameters', 'queryParams', 'redirectionRoutes', 'nextRoute']) {
    expect(keys[k], k).toBeNull();
  }
  expect(keys.complete).toBe('1');
  expect(keys.user_id).not.toBeNull();
  expect(keys.feedlab_outbox).toBeNull();
}

/** answersOf returns the participant's user_form rows as field → decoded response. */
export async function answersOf(baseURL: string, p: Participant): Promise<Map<string, string[]>> {
  const rows = await exportCSV(baseURL, 'user_form', p.experimentId);
  const out = new Map<string, string[]>();
  for (const r of rows) {
    if (r.user_id !== p.userId) continue;
    out.set(r.field, [...(out.get(r.field) ?? []), r.response]);
  }
  return out;
}

/** choose picks a radio option or ticks a checkbox by its saved value. */
export async function choose(page: Page, name: string, value: string): Promise<void> {
  await page.locator(`input[name="${name}"][value="${value}"]`).check();
}

/** next clicks the page's Next (or Finish) button. */
export async function submit(page: Page, label: 'Next' | 'Finish'): Promise<void> {
  await page.getByRole('button', { name: label, exact: true }).click();
}

/** expectNoSidewaysScroll checks that nothing is wider than the window (360 px phones). */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}
