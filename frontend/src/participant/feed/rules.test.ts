import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { dwellBatchId } from '../../lib/events';
import type { FeedEntity, IntersectionEvent } from '../../lib/feedTypes';
import {
  buttonModes,
  cardSource,
  sourceSpec,
  checkpointIdx,
  displayedCount,
  dwellOnLeave,
  dwellsAtSubmit,
  formatCount,
  interventionIndex,
  isVideoUrl,
  nearBottom,
  newRecord,
  nextBlockEnd,
  shouldOpenIntervention,
  videoShouldPlay,
  visibilityThreshold,
} from './rules';
import { videoGatePassed } from './VideoIntervention';

describe('intervention_idx', () => {
  it('is unbounded without a type', () => {
    assert.equal(interventionIndex('', '50', 20), Infinity);
    assert.equal(interventionIndex(undefined, undefined, 20), Infinity);
    assert.equal(shouldOpenIntervention(1000, interventionIndex('', '', 20), 0), false);
  });
  it('is half the entity count minus 1 without a percentage', () => {
    assert.equal(interventionIndex('default-modal', '', 20), 9);
    assert.equal(interventionIndex('default-modal', undefined, 21), 9);
  });
  it('is count × percentage / 100 rounded down, minus 1 (as params.Condition.InterventionIndex)', () => {
    assert.equal(interventionIndex('accprompt-modal', '30', 25), 6);
    assert.equal(interventionIndex('accprompt-modal', '100', 10), 9);
    assert.equal(interventionIndex('accprompt-modal', '1', 10), -1);
    assert.equal(interventionIndex('default-modal', '50', 21), 9);
  });
  it('opens once the last card reached is at the index and modalShown is 0', () => {
    assert.equal(shouldOpenIntervention(4, 5, 0), false);
    assert.equal(shouldOpenIntervention(5, 5, 0), true);
    assert.equal(shouldOpenIntervention(6, 5, undefined), true);
    assert.equal(shouldOpenIntervention(6, 5, 1), false);
    assert.equal(shouldOpenIntervention(0, -1, 0), true, 'a 1% intervention opens at the first card');
  });
});

describe('count display', () => {
  it('uses a thousands separator below 10,000, K below a million, M above', () => {
    assert.equal(formatCount(0), '0');
    assert.equal(formatCount(999), '999');
    assert.equal(formatCount(1234), '1,234');
    assert.equal(formatCount(9999), '9,999');
    assert.equal(formatCount(1234.9), '1,234');
    assert.equal(formatCount(-1234), '-1,234');
    assert.equal(formatCount(-1_234_567), '-1,234,567');
    assert.equal(formatCount(10_000), '10.0K');
    assert.equal(formatCount(12_345), '12.3K');
    assert.equal(formatCount(999_999), '999.9K');
    assert.equal(formatCount(1_000_000), '1.0M');
    assert.equal(formatCount(2_560_000), '2.5M');
  });
  it('yes starts at 0 and always shows; lognormal shows the server count +1 when on, hidden below 1; no is hidden', () => {
    assert.equal(displayedCount('yes', 500, false), '0');
    assert.equal(displayedCount('yes', undefined, true), '1');
    assert.equal(displayedCount('lognormal', 0, false), null);
    assert.equal(displayedCount('lognormal', undefined, false), null);
    assert.equal(displayedCount('lognormal', 0, true), '1');
    assert.equal(displayedCount('lognormal', 9999, true), '10.0K');
    assert.equal(displayedCount('lognormal', 41, false), '41');
    assert.equal(displayedCount('no', 41, true), null);
  });
  it('reads the feed-button parameters', () => {
    const m = buttonModes([
      { param: 'feed-button-like', value: 'lognormal' },
      { param: 'feed-button-share', value: 'yes' },
      { param: 'feed-button-bookmark', value: 'no' },
      { param: 'feed-button-accuracy', value: 'bogus' },
    ]);
    assert.deepEqual(m, { likes: 'lognormal', shares: 'yes', read_later: 'no', upvote: 'no', downvote: 'no', accuracy_score: 'no' });
  });
});

describe('infinite-scroll blocks', () => {
  it('shows 25 first, then 10 per load', () => {
    assert.equal(nextBlockEnd(0, 60), 25);
    assert.equal(nextBlockEnd(25, 60), 35);
    assert.equal(nextBlockEnd(55, 60), 60);
    assert.equal(nextBlockEnd(0, 24), 24);
  });
  it('shows blocks of 5 in restricted mode (a feed of at most 15 cards)', () => {
    assert.equal(nextBlockEnd(0, 15), 5);
    assert.equal(nextBlockEnd(5, 15), 10);
    assert.equal(nextBlockEnd(10, 12), 12);
    assert.equal(nextBlockEnd(0, 16), 16);
  });
  it('loads when the bottom is within 100 px of view', () => {
    assert.equal(nearBottom(900, 800), true);
    assert.equal(nearBottom(901, 800), false);
    assert.equal(nearBottom(500, 800), true);
  });
});

describe('video play window and visibility threshold', () => {
  it('plays when the centre is between 25% and 60% of the viewport height', () => {
    // viewport 1000: window 250..600
    assert.equal(videoShouldPlay(200, 100, 1000), true); // centre 250
    assert.equal(videoShouldPlay(199, 100, 1000), false);
    assert.equal(videoShouldPlay(550, 100, 1000), true); // centre 600
    assert.equal(videoShouldPlay(551, 100, 1000), false);
    assert.equal(videoShouldPlay(-300, 1000, 1000), false); // a tall video: centre at 200
    assert.equal(videoShouldPlay(-100, 1000, 1000), true); // centre at 400
  });
  it('is 0.3 under 400 px of viewport height, else 1', () => {
    assert.equal(visibilityThreshold(399), 0.3);
    assert.equal(visibilityThreshold(400), 1);
  });
  it('knows video URLs', () => {
    assert.equal(isVideoUrl('/media/abc.mp4'), true);
    assert.equal(isVideoUrl('/media/abc.WEBM?x=1'), true);
    assert.equal(isVideoUrl('/media/abc.ogg'), true);
    assert.equal(isVideoUrl('/media/abc.png'), false);
  });
});

const ev = (entity_id: string, inview: boolean, time: number): IntersectionEvent => ({ idx: Number(entity_id), inview, entity_id, entity_url: `/m/${entity_id}.png`, time });

describe('dwell from intersection events', () => {
  it('is the time from in to out (out, in, out)', () => {
    const events = [ev('1', false, 0), ev('1', true, 1000), ev('1', false, 2500)];
    assert.deepEqual(dwellOnLeave(events), { ms: 1500, inviewAt: 1000 });
  });
  it('pairs the card own events across others', () => {
    const events = [ev('1', true, 0), ev('2', false, 10), ev('3', false, 20), ev('1', false, 4000)];
    assert.equal(dwellOnLeave(events)?.ms, 4000);
  });
  it('needs an in event before the out', () => {
    assert.equal(dwellOnLeave([ev('1', false, 0)]), null);
    assert.equal(dwellOnLeave([ev('1', false, 0), ev('1', false, 50)]), null);
    assert.equal(dwellOnLeave([ev('1', true, 0)]), null, 'an in event is not a leave');
  });
  it('is ignored when the last 6 events span under 100 ms, kept at 100 ms', () => {
    const fling = [ev('1', true, 0), ev('2', true, 1000), ev('2', false, 1020), ev('3', true, 1040), ev('3', false, 1060), ev('4', true, 1080), ev('1', false, 1099)];
    assert.equal(dwellOnLeave(fling), null);
    const slower = [...fling.slice(0, -1), ev('1', false, 1120)];
    assert.equal(dwellOnLeave(slower)?.ms, 1120);
    const fewer = [ev('1', true, 0), ev('1', false, 50)];
    assert.equal(dwellOnLeave(fewer)?.ms, 50, 'fewer than 6 events: the rule does not apply');
  });
  it('never pairs with an event from an earlier page', () => {
    const events = [ev('1', true, 100), ev('1', false, 5000)];
    assert.equal(dwellOnLeave(events, 1000), null);
  });
});

describe('synthetic dwell at submit', () => {
  const entities: FeedEntity[] = [0, 1, 2].map((i) => ({ entity_id: String(i), entity_url: `/m/${i}.png`, idx: i }));
  it('closes a view still open and gives unseen cards a 0 ms dwell; keeps recorded dwells', () => {
    const records = { '0': { ...newRecord(entities[0]), dwells: 1, dwellTimes: [800], dwellsInviewTime: [10] } };
    const events = [ev('0', true, 0), ev('0', false, 800), ev('1', true, 900)];
    const out = dwellsAtSubmit(entities, records, events, 2900, 99_000);
    assert.deepEqual(out['0'].dwellTimes, [800]);
    assert.deepEqual(out['1'].dwellTimes, [2000]);
    assert.equal(out['1'].dwells, 1);
    assert.deepEqual(out['2'].dwellTimes, [0]);
    assert.deepEqual(out['2'].dwellsInviewTime, [99_000]);
    assert.equal(out['2'].dwells, 1);
  });
});

describe('checkpoints and the video gate', () => {
  it('logs feed-entity-idx-N every 5 cards', () => {
    assert.deepEqual(checkpointIdx(-1, 4), []);
    assert.deepEqual(checkpointIdx(-1, 5), [5]);
    assert.deepEqual(checkpointIdx(5, 16), [10, 15]);
  });
  it('passes when the video ended and 105 s passed since it loaded', () => {
    assert.equal(videoGatePassed({ ended: true, loadedAt: 0 }, 104_999), false);
    assert.equal(videoGatePassed({ ended: true, loadedAt: 0 }, 105_000), true);
    assert.equal(videoGatePassed({ ended: false, loadedAt: 0 }, 500_000), false);
    assert.equal(videoGatePassed({ ended: true }, 500_000), false);
  });
});

describe('dwell batch id', () => {
  it('is stable for a feed session and differs between participants, studies and sessions', () => {
    const a = dwellBatchId('u1', 'fl-1', 1700000000000);
    assert.equal(a, dwellBatchId('u1', 'fl-1', 1700000000000));
    assert.match(a, /^dwell-1700000000000-[0-9a-f]{16}$/);
    assert.notEqual(a, dwellBatchId('u2', 'fl-1', 1700000000000));
    assert.notEqual(a, dwellBatchId('u1', 'fl-2', 1700000000000));
    assert.notEqual(a, dwellBatchId('u1', 'fl-1', 1700000000001));
  });
});

it('cardSource: none by default, the domain without www., or covariates as written', () => {
  const card = { entity_id: '1', entity_url: '/media/a.png', idx: 0, source_url: 'https://www.example-news.org/a/b', outlet: 'Daily Planet', ago: '3h' };
  assert.deepEqual(cardSource(sourceSpec([]), card), { publisher: '', time: '' });
  assert.deepEqual(cardSource(sourceSpec([{ param: 'source-line', value: 'none' }]), card), { publisher: '', time: '' });
  assert.deepEqual(cardSource(sourceSpec([{ param: 'source-line', value: 'domain' }]), card), { publisher: 'example-news.org', time: '' });
  assert.deepEqual(
    cardSource(sourceSpec([{ param: 'source-line', value: 'covariate:outlet' }, { param: 'source-time', value: 'covariate:ago' }]), card),
    { publisher: 'Daily Planet', time: '3h' },
  );
  // A card without the covariate, or a source_url that is not a web address, shows none.
  assert.deepEqual(cardSource({ line: 'covariate:missing', time: '' }, card), { publisher: '', time: '' });
  assert.deepEqual(cardSource({ line: 'domain', time: '' }, { ...card, source_url: 'screenshot.png' }), { publisher: '', time: '' });
});
