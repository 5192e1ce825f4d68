import { lazy, Suspense, useEffect, useState } from 'react';
import { Header } from '../components/Header';
import { ErrorBoundary } from '../components/ErrorScreen';
import { NotFound } from '../components/NotFound';
import { Router, type Location, type Routes } from '../lib/router';
import { storage } from '../lib/storage';
import { Feed } from './feed/Feed';
import { showsFeed } from './feedGate';
import { FormsRoute } from './forms/FormsRoute';
import { FORM_PATHS } from './forms/names';
import { languageParams, setLanguage, setLanguageNow } from './i18n';
import { isStudyPreview, PreviewBanner } from './PreviewBanner';
import { applyTextSize, readsLarge } from './textSize';

// The home page (with its Formik sign-up form) loads only when shown: the feed is what a
// participant's phone loads first, so it must not pay for it (build.mjs checks this).
const HomePage = lazy(() => import('./home/HomePage').then((m) => ({ default: m.HomePage })));
// The about page, with the home page's texts in the visitor's language (home/texts.ts), likewise.
const LazyAbout = lazy(() => import('./About').then((m) => ({ default: m.About })));

function About() {
  return (
    <Suspense fallback={null}>
      <LazyAbout />
    </Suspense>
  );
}

// '/' is both the feed and the home page (docs/decisions.md, ground rules).
function Root({ location }: { location: Location }) {
  if (showsFeed(location.query, storage)) {
    return (
      <>
        {isStudyPreview(location.query, storage) && <PreviewBanner />}
        <Feed key={location.query.toString()} location={location} />
      </>
    );
  }
  return (
    <Suspense fallback={null}>
      <HomePage />
    </Suspense>
  );
}

const routes: Routes = {
  '/': Root,
  '/about': About,
  // Questionnaires (/form/...) and the forms list: their code loads on first use.
  ...Object.fromEntries(FORM_PATHS.map((path) => [path, Forms])),
  // A study's own questionnaires (names from its questionnaires parameter).
  '/form/:name': Forms,
};

/** Forms are the questionnaires, under the preview banner when the session is a preview. */
function Forms({ location }: { location: Location }) {
  return (
    <>
      {isStudyPreview(location.query, storage) && <PreviewBanner />}
      <FormsRoute location={location} />
    </>
  );
}

function ParticipantNotFound() {
  return (
    <>
      <Header />
      <main id="main" className="page">
        <NotFound />
      </main>
    </>
  );
}

/**
 * useStoredLanguage: a page reloaded mid-study (a questionnaire, the end) speaks the
 * study's language from its first paint, read from the condition's parameters in storage;
 * the feed sets it again once load_experiment answers (Feed.tsx). English needs no fetch;
 * another language shows nothing until its catalogue's chunk has arrived.
 */
function useStoredLanguage(): boolean {
  const [lang] = useState(() => {
    // The text size likewise, before the first paint.
    applyTextSize(readsLarge(storage.get('experiment_parameters'), storage));
    return languageParams(storage.get('experiment_parameters'));
  });
  const [ready, setReady] = useState(() => setLanguageNow(lang.tag, lang.own));
  useEffect(() => {
    if (!ready) void setLanguage(lang.tag, lang.own).then(() => setReady(true));
  }, []);
  return ready;
}

/** App is the participant bundle's root: home page, about, the feed and (later) questionnaires. */
export function App() {
  if (!useStoredLanguage()) return null;
  return (
    <ErrorBoundary>
      <Router routes={routes} notFound={ParticipantNotFound} />
    </ErrorBoundary>
  );
}
