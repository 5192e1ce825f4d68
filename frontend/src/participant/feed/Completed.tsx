// The feed's screen for a participant whose study is already completed.
import { finishFlow } from '../../lib/session';
import { storage } from '../../lib/storage';
import { endCheckpoint, endInputs, endScreen } from '../flow/endFlow';
import { EndPart } from '../flow/EndView';
import { t } from '../i18n';

/**
 * Completed is shown when the server says this participant already finished the study:
 * the feed does not start again and nothing is recorded twice. One heading, one sentence,
 * and the way back to their platform once more (Prolific or Lucid link, MTurk code, which
 * the server answers again, the same as before), Continue to the custom platform's URL, or
 * Return home.
 */
export function Completed() {
  const routes = storage.get('redirectionRoutes') ?? [];
  const external = routes.map((r) => Object.keys(r)[0] ?? '').find((r) => /^https?:\/\//i.test(r));
  const screen = endScreen(endInputs(new URLSearchParams(), storage, external ?? ''));
  const checkpoint = screen.kind === 'code' && !screen.code ? endCheckpoint(storage) : null;
  return (
    <main id="main" className="feed-main">
      <section className="markdown-page page page--narrow" aria-labelledby="completed-title">
        <h1 id="completed-title">{t('end.alreadyCompleted')}</h1>
        <EndPart record={{ screen, checkpoint }} completed onClose={() => finishFlow(storage)} />
      </section>
    </main>
  );
}
