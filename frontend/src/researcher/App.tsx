import { ErrorBoundary } from '../components/ErrorScreen';
import { NotFound } from '../components/NotFound';
import { Router } from '../lib/router';
import { AuthProvider } from './auth';
import { Layout } from './Layout';
import { researcherRoutes } from './routes';

/** App is the researcher bundle's root: who is signed in, the layout, then the page. */
export function App() {
  return (
    <ErrorBoundary>
      <AuthProvider>
        <Layout>
          <Router routes={researcherRoutes} notFound={NotFound} />
        </Layout>
      </AuthProvider>
    </ErrorBoundary>
  );
}
