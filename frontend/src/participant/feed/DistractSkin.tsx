// The distracting skin (skin=distract, docs/interventions.md): a busier surrounding for the
// same feed, to test interventions in a distracting environment. Trending items move in
// the side column and a notification badge keeps changing; nothing covers or blocks the
// feed (the columns sit beside it, and on a phone the strip sits above it in the flow).
// Under prefers-reduced-motion nothing moves (feed.css) and the badge stays still. The
// items are invented and refer to no post, so they add distraction, not a stimulus.
import { useEffect, useState } from 'react';

const TRENDING = [
  '#MondayMotivation · 48.1K posts',
  'Transfer window · 12.9K posts',
  '#WeekendRecipes · 7,312 posts',
  'Storm warning · 31.4K posts',
  '#TechDeals · 5,870 posts',
  'Concert tickets · 22.0K posts',
  '#FitnessGoals · 9,044 posts',
  'Election debate · 64.3K posts',
] as const;

const NOTICES = ['Sam liked your photo', 'New message from Alex', '3 friends posted stories', 'Jordan mentioned you', 'Your post has 12 new reactions'] as const;

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
    const t = setInterval(() => setN((x) => x + 1), BADGE_EVERY_MS);
    return () => clearInterval(t);
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
          Notifications <span className="distract-badge" data-badge={badge}>{badge}</span>
        </span>
      </div>
      <h3 className="distract-title">Trending now</h3>
      <div className="distract-ticker">
        <ul className="distract-ticker__list">
          {[...TRENDING, ...TRENDING].map((t, i) => (
            <li key={i}>{t}</li>
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
          Notifications <span className="distract-badge">{2 + (tick % 9)}</span>
        </h3>
        <ul className="distract-notices">
          {shown.map((m, i) => (
            <li key={`${tick}-${i}`} className={i === 0 ? 'distract-notice distract-notice--new' : 'distract-notice'}>
              {m}
            </li>
          ))}
        </ul>
      </section>
      <section className="side-panel">
        <h3>Live</h3>
        <p className="distract-live">{(1200 + tick * 37).toLocaleString('en-US')} people are online</p>
      </section>
    </aside>
  );
}
