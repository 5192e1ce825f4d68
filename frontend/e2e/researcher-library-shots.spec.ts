// Screenshots of the upload and download pages at laptop and phone widths, for a person to
// look at (LIBRARY_SHOTS=/some/dir to take them; skipped otherwise). Each also checks that
// the page does not scroll sideways (the preview table scrolls inside its own frame).
import { expect, test } from './support/appliance';
import { addResearcher, signIn, uniqueName } from './support/researchers';

const dir = process.env.LIBRARY_SHOTS;
test.skip(!dir, 'set LIBRARY_SHOTS to a directory to take screenshots');
test.skip(({ isMobile }) => isMobile, 'widths are set below');

const TSV = [
  'source_url\tfilename\tretrieve_date\tentity_type\theadline\tlean\tsource_outlet\tfact_checked',
  ...Array.from({ length: 9 }, (_, i) => `https://img.example/stimuli/2024/${i + 1}.jpg\t${i + 1}.jpg\t2024-05-0${i + 1}\timage\tA rather long headline number ${i + 1} about the elections\t${i % 2 ? 'left' : 'right'}\tThe Daily Example\t${i % 3 === 0}`),
].join('\n');

for (const width of [1280, 360]) {
  test(`upload and download at ${width}px`, async ({ page }, info) => {
    const name = uniqueName('shots', info);
    addResearcher(name);
    await signIn(page, name);
    await page.setViewportSize({ width, height: 900 });
    const noSideways = async () => expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    await page.goto('/upload');
    await page.screenshot({ path: `${dir}/${width}-upload-empty.png`, fullPage: true });
    await page.getByLabel('Set name').fill(`Election news ${width} ${Date.now().toString(36).slice(-4)}`);
    await page.getByRole('radio', { name: 'news' }).check();
    await page.getByLabel('Stimuli (tab-separated)').fill(TSV.replace('\tentity_type', '\tentity-type'));
    await page.getByLabel('Set name').focus();
    await page.screenshot({ path: `${dir}/${width}-upload-missing.png`, fullPage: true });
    await noSideways();
    await page.getByLabel('Stimuli (tab-separated)').fill(TSV);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('status')).toContainText('Success!');
    await page.screenshot({ path: `${dir}/${width}-upload-success.png`, fullPage: true });
    await noSideways();
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('status')).toContainText('already exists');
    await page.screenshot({ path: `${dir}/${width}-upload-taken.png`, fullPage: true });

    await page.goto('/download?study=solarflare');
    await page.screenshot({ path: `${dir}/${width}-download-start.png`, fullPage: true });
    await page.getByRole('radio', { name: 'Feed engagement data' }).check();
    await page.getByLabel('Enter experiment ID or stimulus set name').fill('fl-nothere');
    await page.getByRole('button', { name: 'Download', exact: true }).click();
    await expect(page.getByRole('status')).toContainText('No data found');
    await page.screenshot({ path: `${dir}/${width}-download-nodata.png`, fullPage: true });
    await noSideways();
  });
}
