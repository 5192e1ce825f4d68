// Who is signed in, for every researcher page. AuthProvider asks /v1/auth/me once, then
// keeps the answer; RequireAuth sends a signed-out researcher to the sign-in page and back;
// SignInDialog appears over the page when a call answers 401 mid-work, so a form being
// filled stays on screen (and in memory) while the researcher signs in again.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Formik, Form } from 'formik';
import * as Yup from 'yup';
import { navigate, useLocation } from '../lib/router';
import * as api from './api';
import { Dialog } from './Dialog';
import { FormStatus, TextField } from './fields';
import { signInMessage } from './messages';

/** AuthStatus is 'loading' until the server has said who is signed in. */
export type AuthStatus = 'loading' | 'signed-in' | 'signed-out';

/** Auth is what useAuth gives a page. */
export interface Auth {
  researcher: api.Researcher | null;
  status: AuthStatus;
  /** signOut ends the session and goes to the sign-in page. */
  signOut(): Promise<void>;
  /** refresh asks the server again who is signed in. */
  refresh(): Promise<void>;
  /** signedIn records a researcher who just signed in (login or setup answered). */
  signedIn(researcher: api.Researcher): void;
  /** sessionLost is true while the sign-in dialog asks to sign in again. */
  sessionLost: boolean;
}

const AuthContext = createContext<Auth | null>(null);

/** AuthProvider holds the signed-in researcher for the pages inside it. */
export function AuthProvider({ children }: { children?: ReactNode }) {
  const [researcher, setResearcher] = useState<api.Researcher | null>(null);
  const [status, setStatus] = useState<AuthStatus>('loading');
  const [sessionLost, setSessionLost] = useState(false);

  const refresh = useCallback(async () => {
    try {
      const me = await api.me();
      setResearcher(me);
      setStatus('signed-in');
    } catch (err) {
      if (err instanceof api.ResearcherApiError && err.status === 401) {
        setResearcher(null);
        setStatus('signed-out');
      } else {
        // The server did not answer: show the sign-in page, which says so when tried.
        console.error('feedlab: could not ask who is signed in', err);
        setResearcher(null);
        setStatus('signed-out');
      }
    }
  }, []);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  // A 401 from any call while signed in: the session ended (expired, or signed out in
  // another tab). Ask to sign in again over the page instead of leaving it.
  useEffect(() => api.onSignedOut(() => setSessionLost(true)), []);

  const signedIn = useCallback((r: api.Researcher) => {
    setResearcher(r);
    setStatus('signed-in');
    setSessionLost(false);
  }, []);

  const signOut = useCallback(async () => {
    try {
      await api.logout();
    } finally {
      setResearcher(null);
      setStatus('signed-out');
      setSessionLost(false);
      navigate('/login');
    }
  }, []);

  const value = useMemo<Auth>(
    () => ({ researcher, status, signOut, refresh, signedIn, sessionLost }),
    [researcher, status, signOut, refresh, signedIn, sessionLost],
  );
  return (
    <AuthContext.Provider value={value}>
      {children}
      {sessionLost && status === 'signed-in' && <SignInDialog onDone={signedIn} onCancel={() => setSessionLost(false)} />}
    </AuthContext.Provider>
  );
}

/** useAuth returns the signed-in state; it must be used inside AuthProvider. */
export function useAuth(): Auth {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth outside AuthProvider');
  return auth;
}

/** loginPath is the sign-in page that returns to path (path and query) afterwards. */
export function loginPath(pathAndQuery: string): string {
  return `/login?next=${encodeURIComponent(pathAndQuery)}`;
}

/** RequireAuth shows its children to a signed-in researcher; anyone else goes to
 * /login?next=<this page>, and comes back here after signing in. */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const { status } = useAuth();
  const location = useLocation();
  const query = location.query.toString();
  const here = location.path + (query ? `?${query}` : '');
  useEffect(() => {
    if (status === 'signed-out') navigate(loginPath(here), { replace: true });
  }, [status, here]);
  if (status === 'loading') {
    return (
      <p className="muted" role="status">
        Checking who is signed in…
      </p>
    );
  }
  if (status === 'signed-out') return null;
  return <>{children}</>;
}

const signInSchema = Yup.object({
  name: Yup.string().trim().required('Enter your name.'),
  password: Yup.string().required('Enter your password.'),
});

/** SignInDialog asks a researcher whose session ended to sign in again; the page behind
 * stays as it was. onDone gets the researcher; onCancel closes it without signing in. */
export function SignInDialog({ onDone, onCancel }: { onDone: (r: api.Researcher) => void; onCancel: () => void }) {
  const { researcher } = useContext(AuthContext) ?? { researcher: null };
  return (
    <Dialog title="Sign in again" onClose={onCancel}>
      <p>Your session has ended. Sign in to carry on: this page and what you typed stay as they are.</p>
      <Formik
        initialValues={{ name: researcher?.name ?? '', password: '' }}
        validationSchema={signInSchema}
        onSubmit={async (values, { setStatus }) => {
          setStatus(undefined);
          try {
            onDone(await api.login(values.name.trim(), values.password));
          } catch (err) {
            setStatus(signInMessage(err));
          }
        }}
      >
        {({ isSubmitting, status }) => (
          <Form noValidate>
            <TextField name="name" label="Name" autoComplete="username" />
            <TextField name="password" label="Password" type="password" autoComplete="current-password" autoFocus />
            <FormStatus tone="error" message={status as string | undefined} />
            <div className="actions">
              <button type="submit" className="button" disabled={isSubmitting}>
                Sign in
              </button>
              <button type="button" className="button button--quiet" onClick={onCancel}>
                Not now
              </button>
            </div>
          </Form>
        )}
      </Formik>
    </Dialog>
  );
}
