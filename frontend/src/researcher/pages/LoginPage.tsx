import { useEffect } from 'react';
import { Form, Formik } from 'formik';
import * as Yup from 'yup';
import { findRoute, navigate, type PageProps } from '../../lib/router';
import { useTitle } from '../../lib/useTitle';
import * as api from '../api';
import { useAuth } from '../auth';
import { FormStatus, StatusClearsOnEdit, TextField } from '../fields';
import { signInMessage } from '../messages';
import { researcherRoutes } from '../routes';
import { safeNext } from '../safeNext';

/** goTo opens a path after sign-in: within this bundle when it is a researcher page, else
 * as a full page load (a participant page lives in the other bundle). */
function goTo(path: string) {
  if (findRoute(researcherRoutes, path.split(/[?#]/)[0])) navigate(path, { replace: true });
  else window.location.replace(path);
}

const schema = Yup.object({
  name: Yup.string().trim().required('Enter your name.'),
  password: Yup.string().required('Enter your password.'),
});

/** LoginPage signs a researcher in and returns to `next` (a path on this site) or My studies. */
export function LoginPage({ location }: PageProps) {
  useTitle('Researcher sign-in');
  const auth = useAuth();
  const next = safeNext(location.query.get('next'));

  // Already signed in (a bookmark, the back button): go on at once.
  useEffect(() => {
    if (auth.status === 'signed-in' && !auth.sessionLost) goTo(next);
  }, [auth.status, auth.sessionLost, next]);

  return (
    <section className="page--narrow card" aria-labelledby="login-title">
      <h1 id="login-title">Researcher sign-in</h1>
      {location.query.has('next') && next !== '/studies' && <p className="muted">Sign in to open {next.split('?')[0]}.</p>}
      <Formik
        initialValues={{ name: '', password: '' }}
        validationSchema={schema}
        onSubmit={async (values, { setStatus }) => {
          setStatus(undefined);
          try {
            const researcher = await api.login(values.name.trim(), values.password);
            auth.signedIn(researcher);
            goTo(next);
          } catch (err) {
            setStatus(signInMessage(err));
          }
        }}
      >
        {({ isSubmitting, status }) => (
          <Form noValidate>
            <TextField name="name" label="Name" autoComplete="username" spellCheck={false} />
            <TextField name="password" label="Password" type="password" autoComplete="current-password" />
            <FormStatus tone="error" message={status as string | undefined} />
            <StatusClearsOnEdit />
            <div className="actions">
              <button type="submit" className="button" disabled={isSubmitting}>
                {isSubmitting ? 'Signing in…' : 'Sign in'}
              </button>
            </div>
          </Form>
        )}
      </Formik>
      <p className="muted small">
        No account yet? Whoever runs this feedlab can add one with <code>feedlab researcher add NAME</code>.
      </p>
    </section>
  );
}
