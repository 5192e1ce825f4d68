// Participants who speak and simulated others who react (issue 25, docs/social.md): a set
// with seeded comments, one tagged correction; condition 1 shows every comment, condition 2
// every one but the correction. Both let participants comment, reply, like comments and
// post; scripted rules answer a comment with a reply, a reply with two likes and a post with
// a notification. The participant of condition 1 opens the thread, likes the correction,
// replies to it, comments and posts, and sees the reactions when due; a reload shows the
// same thread; the engagement export holds each action and each reaction shown once with
// its text and target, and the thread's open time.
import type { Page } from '@playwright/test';
import { expect, test } from './support/appliance';
import { cards, pendingEvents, rowsFor } from './support/feed';
import { createStudy, uploadCommentedSet } from './support/studies';

async function uploadSet(baseURL: string): Promise<string> {
  return uploadCommentedSet(baseURL, `so${test.info().project.name.slice(0, 3)}`, [
    'c1\ttalk\tDana Reyes\tThis is false: the health agency never said so.\t\t12\t2h\t\tcorrection',
    'c2\ttalk\tSam Park\tWow, sharing this with everyone!\t\t3\t1h\t\tchatter',
  ]);
}

const REACTIONS = JSON.stringify([
  { when: 'comment', on: 'talk', after_ms: 1500, conditions: [1], do: { reply: { author: 'Sam Park', text: 'Good point, thanks for flagging.' } } },
  { when: 'reply', on: 'any', after_ms: 0, do: { like_count: 2 } },
  { when: 'post', on: 'post', after_ms: 500, do: { notify: 'Lee Chen liked your post' } },
]);

const cureCard = (page: Page) => cards(page).filter({ hasText: 'Miracle cure found in tap water' });

test('participants speak and simulated others react: like, reply, comment, post, a scripted reply, likes and a notification, shown again after a reload, exported once each', async ({ page, browser, baseURL }, testInfo) => {
  test.skip(testInfo.project.name === 'phone', 'one width is enough for the record; the 360 px look is screenshotted here');
  const set = await uploadSet(baseURL!);
  const sets = JSON.stringify([{ entity_set: set, number_to_show: 2, randomize_between_subjects: 'no' }]);
  const speak = { 'feed-button-comment': 'yes', 'comment-like': 'yes', 'feed-compose': 'yes', assignment: 'balanced-arrivals', forms: '[]', entity_sets: sets, comments: 'collapsed' };
  const id = await createStudy(baseURL!, [
    { ...speak, 'comments-tags': '[]', reactions: REACTIONS },
    { ...speak, 'comments-tags': '["chatter"]' },
  ]);
  // balanced-arrivals puts the two participants in different conditions, in either order.
  const other = await (await browser.newContext()).newPage();
  const arrivals = [await arrive(page, id, `a-${Date.now()}`), await arrive(other, id, `b-${Date.now()}`)];
  const withCorrection = arrivals.find((a) => a.condition === '1')!;
  const without = arrivals.find((a) => a.condition === '2')!;
  expect(withCorrection && without).toBeTruthy();

  // Without the correction: Sam's comment only, and the box to write one.
  const plain = cureCard(without.page).getByRole('region', { name: /Comments on post/ });
  await plain.getByRole('button', { name: 'View 1 comment' }).click();
  await expect(plain.getByText('Wow, sharing this with everyone!')).toBeVisible();
  await expect(plain.getByText('Dana Reyes')).toHaveCount(0);

  // With the correction: open, like Dana's comment, reply to it, comment on the post.
  const p = withCorrection.page;
  const thread = cureCard(p).getByRole('region', { name: /Comments on post/ });
  await thread.getByRole('button', { name: 'View 2 comments' }).click();
  const dana = thread.getByRole('listitem').filter({ hasText: 'This is false' });
  await dana.getByRole('button', { name: "Like Dana Reyes's comment" }).click();
  await expect(dana.getByRole('button', { name: "Like Dana Reyes's comment" })).toHaveAttribute('aria-pressed', 'true');
  await expect(dana.getByLabel('13 likes')).toBeVisible();
  await dana.getByRole('button', { name: 'Reply to Dana Reyes' }).click();
  await thread.getByRole('textbox', { name: 'Reply to Dana Reyes' }).fill('Thanks for checking, Dana.');
  await thread.getByRole('button', { name: 'Send' }).first().click();
  const comment = '=1+1 I read the agency\'s statement too.';
  await thread.getByRole('textbox', { name: 'Write a comment' }).fill(comment);
  await thread.getByRole('button', { name: 'Send' }).click();
  const mine = thread.locator('[data-own-id]');
  await expect(mine).toHaveCount(2);
  await expect(mine.filter({ hasText: 'Thanks for checking, Dana.' })).toContainText('now');
  await expect(mine.filter({ hasText: comment })).toBeVisible();
  // The simulated others: two likes on the reply at once, Sam's reply under the comment when due.
  await expect(mine.filter({ hasText: 'Thanks for checking, Dana.' }).getByLabel('2 likes')).toBeVisible();
  const samReply = thread.getByRole('listitem').filter({ hasText: 'Reply to You from Sam Park' });
  await expect(samReply).toContainText('Good point, thanks for flagging.');

  // A post of their own at the top of the feed.
  const composer = p.getByRole('region', { name: 'Write a post' });
  await composer.getByRole('textbox', { name: "What's on your mind?" }).fill('Off to the new library today.');
  await composer.getByRole('button', { name: 'Post' }).click();
  const myPost = p.getByRole('article', { name: 'Your post' });
  await expect(myPost).toContainText('Off to the new library today.');
  await expect(myPost).toContainText('now');
  await expect(p.getByRole('status').filter({ hasText: 'Lee Chen liked your post' })).toBeVisible();

  for (const [width, height] of [[1280, 900], [360, 780]]) {
    await p.setViewportSize({ width, height });
    await p.evaluate(() => window.scrollTo(0, 0));
    await p.screenshot({ path: `/tmp/social2/compose-${width}.png` });
    await cureCard(p).screenshot({ path: `/tmp/social2/thread-${width}.png` });
  }
  await thread.getByRole('button', { name: 'Hide comments' }).click();

  const rows = await rowsFor(baseURL!, 'engagement', id, withCorrection.user, (rs) =>
    ['comment', 'reply', 'comment_like', 'comments_open', 'post'].every((t) => rs.some((r) => r.engagement_type === t)) &&
    rs.filter((r) => r.engagement_type === 'reaction_shown').length === 3,
  );
  const of = (t: string) => rows.filter((r) => r.engagement_type === t);
  const card = of('comment')[0].entity_id;
  expect(of('comment').map((r) => [r.text, r.target_id])).toEqual([["'" + comment, card]]);
  expect(of('reply').map((r) => [r.text, r.target_id, r.entity_id])).toEqual([['Thanks for checking, Dana.', 'c1', card]]);
  expect(of('comment_like').map((r) => [r.response, r.target_id])).toEqual([['1', 'c1']]);
  expect(Number(of('comments_open')[0].response)).toBeGreaterThan(0);
  expect(of('post').map((r) => [r.entity_id, r.text, r.target_id === r.event_id])).toEqual([['', 'Off to the new library today.', true]]);
  const shown = of('reaction_shown').map((r) => [r.response, r.text, r.target_id, r.entity_id]);
  expect(shown.sort()).toEqual(
    [
      ['1', 'Good point, thanks for flagging.', of('comment')[0].event_id, card],
      ['2', '+2', of('reply')[0].event_id, card],
      ['3', 'Lee Chen liked your post', of('post')[0].event_id, ''],
    ].sort(),
  );

  // A reload shows the participant's own thread again: their comment at once, the reply and
  // the like once the thread is open.
  await p.reload();
  const again = cureCard(p).getByRole('region', { name: /Comments on post/ });
  await expect(again.getByText(comment)).toBeVisible();
  await expect(p.getByRole('article', { name: 'Your post' })).toContainText('Off to the new library today.');
  await again.getByRole('button', { name: 'View 2 comments' }).click();
  await expect(again.getByText('Thanks for checking, Dana.')).toBeVisible();
  await expect(again.getByRole('button', { name: "Like Dana Reyes's comment" })).toHaveAttribute('aria-pressed', 'true');
  await expect(again.getByRole('listitem').filter({ hasText: 'Reply to You from Sam Park' })).toBeVisible();
  // Shown again, recorded once: the page's records of the reload are the same events.
  await expect.poll(() => pendingEvents(p)).toBe(0);
  const after = await rowsFor(baseURL!, 'engagement', id, withCorrection.user, () => true);
  expect(after.filter((r) => r.engagement_type === 'reaction_shown')).toHaveLength(3);
});

async function arrive(page: Page, id: string, user: string): Promise<{ page: Page; user: string; condition: string }> {
  await page.goto(`/?experiment_id=${id}&user_id=${user}`);
  await expect(cureCard(page)).toBeVisible();
  return { page, user, condition: (await page.evaluate(() => localStorage.getItem('condition'))) ?? '' };
}
