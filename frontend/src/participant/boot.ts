// The participant page's boot script, inlined in index.html's head by build.mjs (the page's
// CSP allows it by its hash, api/app_serve.go). It runs as soon as the page arrives, before
// the app's files: on the feed page it starts the session and sends load_experiment with
// exactly the request the app would send, then fetches the first card's image as soon as
// its address is known. The app (feed/Feed.tsx) takes both over through feed/early.ts.
// It uses the app's own session rules and request builder, so it registers exactly whom
// the app would: nobody on a cut link, in an MTurk preview or away from the feed.
import { apiRequest } from '../lib/api';
import { startSession } from '../lib/session';
import { createStore, openLocalStorage } from '../lib/storage';
import { putEarlyLoad } from './feed/early';
import { loadExperimentBody } from './feed/load';
import { CARD_IMAGE_SIZES, isVideoUrl } from './feed/rules';
import { startsFeedSession } from './feedGate';

function boot(): void {
  // Without durable storage the app could not see the session started here: leave it all
  // to the app.
  const backend = openLocalStorage();
  if (!backend || typeof fetch !== 'function') return;
  const store = createStore(backend);
  const path = window.location.pathname.replace(/\/+$/, '') || '/';
  const query = new URLSearchParams(window.location.search);
  if (!startsFeedSession(path, query, store)) return;
  const session = startSession(query, store, Date.now());
  const request = apiRequest(loadExperimentBody(session, store));
  const response = fetch('/v1/load_experiment', request);
  putEarlyLoad({ query: query.toString(), session, body: String(request.body), response });
  response
    .then((r) => (r.ok ? r.clone().json() : null))
    .then((answer: { data?: { order_data?: Array<{ entity_url?: unknown; image_srcset?: unknown }> } } | null) => {
      const first = answer?.data?.order_data?.[0];
      const url = first?.entity_url;
      if (typeof url !== 'string' || url === '' || isVideoUrl(url)) return;
      // The first card's <img> finds it in the memory cache when the app renders it: the
      // same srcset and sizes (Card.tsx, imageCopies), so the browser picks the same copy.
      const img = new Image();
      img.fetchPriority = 'high';
      img.decoding = 'async';
      if (typeof first?.image_srcset === 'string' && first.image_srcset !== '') {
        img.sizes = CARD_IMAGE_SIZES;
        img.srcset = first.image_srcset;
      }
      img.src = url;
    })
    .catch(() => {
      // The app reads the same answer and reports what went wrong.
    });
}

try {
  boot();
} catch {
  // Whatever failed here, the app starts the session itself.
}
