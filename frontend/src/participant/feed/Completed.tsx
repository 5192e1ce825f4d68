// The feed's screen for a participant whose study is already completed.
import { navigate } from '../../lib/router';
import { finishFlow } from '../../lib/session';
import { storage } from '../../lib/storage';
import { endCheckpoint, endInputs, endScreen } from '../flow/endFlow';
import { EndContent } from '../flow/EndModal';
import { MarkdownPage } from './Dialog';

const COMPLETED_HTML =
  '<p>Our records show that you have already completed this study. Thank you for taking part!</p><p>You do not need to do it again: your answers were saved.</p>';

/**
 * Completed is shown when the server says this participant already finished the study:
 * the feed does not start again and nothing is recorded twice. The participant gets the
 * way back to their platform once more (Prolific or Lucid link, MTurk code, which the
 * server answers again, the same as before), or Continue to the custom platform's URL, or
 * home.
 */
export function Completed() {
  const routes = storage.get('redirectionRoutes') ?? [];
  const external = routes.map((r) => Object.keys(r)[0] ?? '').find((r) => /^https?:\/\//i.test(r));
  const screen = endScreen(endInputs(new URLSearchParams(), storage, external ?? ''));
  if (screen.kind !== 'home') {
    return (
      <main id="main" className="feed-main">
        <section className="markdown-page page page--narrow" aria-labelledby="completed-title">
          <h1 id="completed-title">You have already completed this study</h1>
          <div className="markdown" dangerouslySetInnerHTML={{ __html: COMPLETED_HTML }} />
          <EndContent record={{ screen, checkpoint: screen.kind === 'code' && !screen.code ? endCheckpoint(storage) : null }} />
        </section>
      </main>
    );
  }
  return (
    <main id="main" className="feed-main">
      <MarkdownPage
        title="You have already completed this study"
        html={COMPLETED_HTML}
        continueLabel={external ? 'Continue' : 'Return home'}
        onContinue={() => {
          finishFlow(storage);
          if (external) window.location.assign(external);
          else navigate('/');
        }}
      />
    </main>
  );
}
