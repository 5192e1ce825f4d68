import { expect, test } from './support/appliance';
import { rowsFor, storedUser } from './support/feed';
import { createStudy, signedIn } from './support/studies';

test('a video card plays only in the play window; mute and pause are sent with response 1', async ({ page, baseURL }) => {
  // A small set: the built-in demo video (served by the appliance) among image cards.
  const ctx = await signedIn(baseURL!);
  const row = (url: string, type: string, headline: string, i: number) => ({
    source_url: url,
    filename: `f${i}`,
    retrieve_date: '2026-01-01',
    entity_type: type,
    headline,
  });
  const covariates = [];
  for (let i = 1; i < 8; i++) covariates.push(row(`/img/accprompt-${(i % 2) + 1}.svg`, 'image', `Image post ${i}`, i));
  covariates.splice(3, 0, row('/video/intervention-demo.webm', 'video', 'A video post', 0));
  const res = await ctx.post('/v1/ingest_entity_set', {
    data: { entity_set_settings: { setname: `vid${test.info().project.name.slice(0, 3)}${Date.now() % 100000}`, category: 'news', covariates } },
  });
  const body = await res.json();
  expect(body.success, JSON.stringify(body)).toBe('true');
  const set = body.data?.entity_set ?? body.entity_set;
  const id = await createStudy(baseURL!, [
    { entity_sets: JSON.stringify([{ entity_set: set, number_to_show: 8, randomize_between_subjects: 'no' }]), forms: '[]' },
  ]);

  await page.goto(`/?experiment_id=${id}`);
  // Restricted mode: load every block first.
  const all = page.locator('article[data-entity-id]');
  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(all).toHaveCount(8, { timeout: 500 });
  }).toPass({ timeout: 15_000 });
  // Room above and below the feed, so the video can be placed anywhere in the viewport
  // wherever the random order put it.
  await page.addStyleTag({ content: '.feed-page { padding: 100vh 0; }' });
  const card = page.locator('article[data-entity-id]', { has: page.locator('video') });
  await expect(card).toHaveCount(1);
  const video = card.locator('video');
  const paused = () => video.evaluate((v: HTMLVideoElement) => v.paused);

  // Centre in the window (25–60% of the viewport height): plays.
  await video.evaluate((v) => {
    const r = v.getBoundingClientRect();
    window.scrollBy(0, r.top + r.height / 2 - window.innerHeight * 0.4);
  });
  await expect.poll(paused).toBe(false);
  // Centre near the top (10%): pauses.
  await video.evaluate((v) => {
    const r = v.getBoundingClientRect();
    window.scrollBy(0, r.top + r.height / 2 - window.innerHeight * 0.1);
  });
  const atTop = await video.evaluate((v) => {
    const r = v.getBoundingClientRect();
    return (r.top + r.height / 2) / window.innerHeight;
  });
  expect(atTop).toBeLessThan(0.2);
  await expect.poll(paused).toBe(true);

  // Back in the window; the participant unmutes and pauses.
  await video.evaluate((v) => {
    const r = v.getBoundingClientRect();
    window.scrollBy(0, r.top + r.height / 2 - window.innerHeight * 0.4);
  });
  await expect.poll(paused).toBe(false);
  // Playing for real (frames advancing), so the pause below is the participant's and not
  // one that interrupts play() starting.
  const at = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(at);
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = false;
  });
  await video.evaluate((v: HTMLVideoElement) => v.pause());

  const user = await storedUser(page);
  const rows = await rowsFor(baseURL!, 'engagement', id, user, (rs) => rs.some((r) => r.engagement_type === 'videopause_true'));
  const video_rows = rows.filter((r) => r.engagement_type.startsWith('video'));
  expect(video_rows.map((r) => r.engagement_type).sort()).toEqual(['videomute_false', 'videopause_true']);
  expect(video_rows.every((r) => r.response === '1')).toBe(true);

  // Issue 14: no download menu on a card video (the stimuli are the researcher's).
  expect(await video.evaluate((v) => (v as unknown as { controlsList: DOMTokenList }).controlsList.contains('nodownload'))).toBe(true);
  const menuBlocked = await video.evaluate((v) => !v.dispatchEvent(new MouseEvent('contextmenu', { bubbles: true, cancelable: true })));
  expect(menuBlocked).toBe(true);
});
