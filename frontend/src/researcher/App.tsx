import { ErrorBoundary } from '../components/ErrorScreen';
import { NotFound } from '../components/NotFound';
import { Router, type Routes } from '../lib/router';
import { comingSoon } from './ComingSoon';
import { Layout } from './Layout';
import { LoginPage } from './LoginPage';

// Every path the server answers with researcher.html; keep in step with the Go router.
const routes: Routes = {
  '/login': LoginPage,
  '/setup': comingSoon('Set up feedlab'),
  '/create-study': comingSoon('Specify study parameters'),
  '/create-study-old': comingSoon('Specify study parameters'),
  '/upload': comingSoon('Upload a stimulus set'),
  '/upload-hosted': comingSoon('Upload a hosted stimulus set'),
  '/download': comingSoon('Download data'),
};

/** App is the researcher bundle's root. */
export function App() {
  return (
    <ErrorBoundary>
      <Layout>
        <Router routes={routes} notFound={NotFound} />
      </Layout>
    </ErrorBoundary>
  );
}
