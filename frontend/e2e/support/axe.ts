// axe-core in the browser tests (issue 24): a page passes when axe finds nothing against
// WCAG 2.0, 2.1 and 2.2 at levels A and AA. On a failure the message lists each violation's
// rule, the elements it found and axe's one-line help, so the fix can start from the test
// output without opening the trace.
import AxeBuilder from '@axe-core/playwright';
import { type Page } from '@playwright/test';
import { expect } from './expect';

/** WCAG_TAGS are axe's tags for the success criteria feedlab promises (docs/accessibility.md). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/** expectNoAxeViolations runs axe over the whole page as it is now; `label` names the page
 * (and width, language…) in the failure message. */
export async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
  const result = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const lines = result.violations.flatMap((v) =>
    v.nodes.map((n) => `  ${v.id} (${v.impact ?? 'n/a'}) at ${n.target.join(' ')}: ${v.help}\n    ${n.failureSummary?.replace(/\n/g, '\n    ') ?? ''}`),
  );
  expect.soft(lines, `${label}: ${lines.length} axe violation(s)\n${lines.join('\n')}`).toEqual([]);
}
