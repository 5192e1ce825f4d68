// The researcher pages at 360 px (issue 21, item 4): the researcher specs run on the desktop,
// and this one visits every researcher page on a phone-sized screen. Each page shows its
// heading, nothing makes the page itself scroll sideways (wide tables scroll inside their
// own region), and a screenshot goes to /tmp/shots-layout-360/ for a person to look at.
import { expect, test } from './support/appliance';
import { addResearcher, apiAs, signIn, spawnStudy, uniqueName } from './support/researchers';
import { DEMO_SET } from './support/studies';

test('every researcher page fits a 360 px screen', async ({ page, baseURL }, info) => {
  const name = uniqueName('narrow', info);
  addResearcher(name);
  const study = await spawnStudy(await apiAs(baseURL!, name), { title: 'Narrow screen study' });

  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Researcher sign-in' })).toBeVisible();
  await fitsAndShoot('login');
  await signIn(page, name);

  const pages: Array<[string, string, RegExp]> = [
    ['studies', '/studies', /My studies/],
    ['study', `/studies/${study}`, /Narrow screen study/],
    ['create-study', '/create-study', /Specify study parameters/],
    ['upload', '/upload', /Upload stimuli/],
    ['upload-hosted', '/upload-hosted', /Upload stimuli with media/],
    ['sets', '/sets', /Stimulus library/],
    ['set', `/sets/${DEMO_SET}`, new RegExp(DEMO_SET)],
    ['download', `/download?study=${study}`, /Download data/],
    ['signups', '/signups', /Sign-ups/],
  ];
  for (const [shot, path, heading] of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await fitsAndShoot(shot);
  }

  async function fitsAndShoot(shot: string): Promise<void> {
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${shot}: the page scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `/tmp/shots-layout-360/${shot}.png`, fullPage: true });
  }
});
