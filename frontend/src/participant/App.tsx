import { Header } from '../components/Header';
import { ErrorBoundary } from '../components/ErrorScreen';
import { NotFound } from '../components/NotFound';
import { Router, type Location, type Routes } from '../lib/router';
import { storage } from '../lib/storage';
import { About } from './About';
import { FeedPlaceholder } from './FeedPlaceholder';
import { showsFeed } from './feedGate';
import { HomePage } from './home/HomePage';

// '/' is both the feed and the home page (DESIGN.md, routes).
function Root({ location }: { location: Location }) {
  return showsFeed(location.query, storage) ? <FeedPlaceholder location={location} /> : <HomePage />;
}

const routes: Routes = {
  '/': Root,
  '/about': About,
};

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

/** App is the participant bundle's root: home page, about, the feed and (later) questionnaires. */
export function App() {
  return (
    <ErrorBoundary>
      <Router routes={routes} notFound={ParticipantNotFound} />
    </ErrorBoundary>
  );
}
