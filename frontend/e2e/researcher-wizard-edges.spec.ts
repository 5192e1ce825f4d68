// The wizard's edges (issue 22 item 2), in a real browser against the real server: a
// disabled field shows what will be used and never blocks; study-wide settings are typed
// once; a ranking script's errors sit beside the script; the condition maximum is said.
import { readFileSync } from 'node:fs';
import { expect, test } from './support/appliance';
import { parseCSV } from './support/studies';
import { condition, openWizard, section, setConditions, verifyFile } from './support/wizard';

const NAME = 'wizard-edges';
const PASSWORD = 'wizard edges password long';
const SET = 'solarflare_demo [24]';

test.describe.configure({ mode: 'serial' });
test.skip(({ isMobile }) => isMobile, 'desktop only');

const shots = process.env.SHOTS_DIR;

test('a disabled Cards to show says all the set\'s cards are used and never blocks Verify', async ({ page }) => {
  await openWizard(page, NAME, PASSWORD);
  await setConditions(page, 1);
  const cards = condition(page, 'Cards', 1);
  await cards.getByRole('checkbox', { name: SET }).check();
  await cards.getByLabel('Cards to show').fill('99');
  await cards.getByLabel('Cards to show').blur();
  await expect(cards.getByText('This set has 24 cards; show at most 24.')).toBeVisible();

  // An algorithm that ranks every card: the field is disabled, says what is used, no error.
  await condition(page, 'News feed algorithm', 1).getByRole('radio', { name: 'Engagement' }).check();
  await expect(cards.getByLabel('Cards to show')).toBeDisabled();
  await expect(cards.getByLabel('Cards to show')).toHaveValue('All 24 cards');
  await expect(cards.getByText('This set has 24 cards; show at most 24.')).toHaveCount(0);
  if (shots) await section(page, 'Cards').screenshot({ path: `${shots}/edges-disabled-cards.png` });

  const rows = parseCSV(readFileSync(await verifyFile(page), 'utf8'));
  expect(JSON.parse(rows.find((r) => r.param === 'entity_sets')!.value)[0].number_to_show).toBe(24);
  await expect(page.getByText(/The parameters are valid/)).toBeVisible();

  // Back to random: the typed 99 is the researcher's again, and so is its error.
  await condition(page, 'News feed algorithm', 1).getByRole('radio', { name: 'Random' }).check();
  await expect(cards.getByLabel('Cards to show')).toBeEnabled();
  await expect(cards.getByLabel('Cards to show')).toHaveValue('99');
  await page.getByRole('button', { name: 'Verify parameters' }).click();
  await expect(page.getByText('Some fields need attention: see the messages in the sections above.')).toBeVisible();
  await expect(cards.getByText('This set has 24 cards; show at most 24.')).toBeVisible();
});
