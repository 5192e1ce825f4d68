// The distracting skin (skin=distract, docs/interventions.md): a busier surrounding for the
// same feed, to test interventions in a distracting environment. Trending items move in
// the side column and a notification badge keeps changing; nothing covers or blocks the
// feed (the columns sit beside it, and on a phone the strip sits above it in the flow).
// Under prefers-reduced-motion nothing moves (distract.css) and the badge stays still. The
// items are invented and refer to no post, so they add distraction, not a stimulus. A chunk
// of its own (FeedView.tsx): other conditions do not download it.
import { useEffect, useState } from 'react';
import { t, type MessageKey } from '../i18n';
import { formatCount, formatNumber } from '../i18n/format';
import './distract.css';

// Hashtags stay as written; topics are in the study's language, counts in its format.
const TRENDING: ReadonlyArray<readonly [string | MessageKey, number]> = [
  ['#MondayMotivation', 48_100],
  ['distract.topic1', 12_900],
  ['#WeekendRecipes', 7_312],
  ['distract.topic2', 31_400],
  ['#TechDeals', 5_870],
  ['distract.topic3', 22_000],
  ['#FitnessGoals', 9_044],
  ['distract.topic4', 64_300],
];

const NOTICES: readonly MessageKey[] = ['distract.notice1', 'distract.notice2', 'distract.notice3', 'distract.notice4', 'distract.notice5'];

function trend([topic, count]: readonly [string, number]): string {
  return t('distract.posts', { topic: topic.startsWith('#') ? topic : t(topic as MessageKey), count: formatCount(count) });
}

/** BADGE_EVERY_MS is how often the notification badge changes. */
export const BADGE_EVERY_MS = 2500;

function reducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** useTicking counts up every BADGE_EVERY_MS unless the participant asked for less motion. */
function useTicking(): number {
  const [n, setN] = useState(0);
  useEffect(() => {
    if (reducedMotion()) return;
    const timer = setInterval(() => setN((x) => x + 1), BADGE_EVERY_MS);
    return () => clearInterval(timer);
  }, []);
  return n;
}

/** SideLeftDistract: the moving trending list (and, on a phone, the strip above the feed). */
export function SideLeftDistract() {
  const tick = useTicking();
  const badge = 3 + ((tick * 7) % 17);
  return (
    <aside className="feed-side feed-side--left feed-side--distract" aria-hidden="true" data-skin="distract">
      <div className="distract-bar">
        <span className="distract-bell">
          {t('distract.notifications')} <span className="distract-badge" data-badge={badge}>{badge}</span>
        </span>
      </div>
      <h3 className="distract-title">{t('distract.trending')}</h3>
      <div className="distract-ticker">
        <ul className="distract-ticker__list">
          {[...TRENDING, ...TRENDING].map((item, i) => (
            <li key={i}>{trend(item)}</li>
          ))}
        </ul>
      </div>
    </aside>
  );
}

/** SideRightDistract: notifications arriving one after another, and a live counter. */
export function SideRightDistract() {
  const tick = useTicking();
  const shown = [0, 1, 2].map((k) => NOTICES[(tick + k) % NOTICES.length]);
  return (
    <aside className="feed-side feed-side--right feed-side--distract" aria-hidden="true">
      <section className="side-panel">
        <h3>
          {t('distract.notifications')} <span className="distract-badge">{2 + (tick % 9)}</span>
        </h3>
        <ul className="distract-notices">
          {shown.map((m, i) => (
            <li key={`${tick}-${i}`} className={i === 0 ? 'distract-notice distract-notice--new' : 'distract-notice'}>
              {t(m)}
            </li>
          ))}
        </ul>
      </section>
      <section className="side-panel">
        <h3>{t('distract.live')}</h3>
        <p className="distract-live">{t('distract.online', { count: formatNumber(1200 + tick * 37) })}</p>
      </section>
    </aside>
  );
}
