// axe-core in the browser tests (issue 24): a page passes when axe finds nothing against
// WCAG 2.0, 2.1 and 2.2 at levels A and AA. On a failure the message lists each violation's
// rule, the elements it found and axe's one-line help, so the fix can start from the test
// output without opening the trace.
import AxeBuilder from '@axe-core/playwright';
import { type Page } from '@playwright/test';
import { expect } from './expect';

/** WCAG_TAGS are axe's tags for the success criteria feedlab promises (docs/accessibility.md). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/** axeViolations runs axe over the whole page as it is now and answers one line per
 * violating element: the rule, the element, axe's help and its failure summary.
 *
 * Legacy mode runs axe.run in the page itself. The default mode runs axe in each frame,
 * then opens a blank page, injects axe's 500 KB source again and merges the results there,
 * which made every check about half again as long; it exists for cross-origin frames, and
 * feedlab's pages have no frames. Only violations are collected in full (axe then skips
 * building selectors for every passing element); what is checked is the same. */
export async function axeViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] }) // before withTags: options() replaces the whole set
    .withTags(WCAG_TAGS)
    .analyze();
  return result.violations.flatMap((v) =>
    v.nodes.map((n) => `  ${v.id} (${v.impact ?? 'n/a'}) at ${n.target.join(' ')}: ${v.help}\n    ${n.failureSummary?.replace(/\n/g, '\n    ') ?? ''}`),
  );
}

/** expectNoAxeViolations checks that axe finds nothing on the page as it is now; `label`
 * names the page (and width, language…) in the failure message. */
export async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
  const lines = await axeViolations(page);
  expect.soft(lines, `${label}: ${lines.length} axe violation(s)\n${lines.join('\n')}`).toEqual([]);
}
