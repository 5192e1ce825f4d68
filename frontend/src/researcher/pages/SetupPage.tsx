import { useEffect, useState } from 'react';
import { Form, Formik } from 'formik';
import * as Yup from 'yup';
import { Link, navigate, type PageProps } from '../../lib/router';
import { useTitle } from '../../lib/useTitle';
import * as api from '../api';
import { useAuth } from '../auth';
import { FormStatus, TextField } from '../fields';
import { errorMessage } from '../messages';

// The server's rules (auth.CheckName, auth.CheckPassword); the server still checks them.
const MIN_PASSWORD = 10;
const MAX_NAME = 64;

const schema = Yup.object({
  name: Yup.string()
    .trim()
    .required('Enter a name to sign in with.')
    .max(MAX_NAME, `The name must be at most ${MAX_NAME} characters.`),
  password: Yup.string()
    .required('Choose a password.')
    .min(MIN_PASSWORD, `The password must be at least ${MIN_PASSWORD} characters.`),
  repeat: Yup.string()
    .required('Type the password again.')
    .oneOf([Yup.ref('password')], 'The two passwords are not the same.'),
});

type Accounts = 'checking' | 'none' | 'exist' | 'unknown';

/** SetupPage creates the first researcher account from the one-time link serve prints. */
export function SetupPage({ location }: PageProps) {
  useTitle('Create the first researcher account');
  const auth = useAuth();
  const token = location.query.get('token') ?? '';
  const [accounts, setAccounts] = useState<Accounts>('checking');

  useEffect(() => {
    let live = true;
    api
      .authStatus()
      .then((s) => live && setAccounts(s.accounts_exist ? 'exist' : 'none'))
      // Cannot tell: show the form, the server refuses it if it cannot work.
      .catch(() => live && setAccounts('unknown'));
    return () => {
      live = false;
    };
  }, []);

  let body;
  if (accounts === 'checking') {
    body = <p role="status">Checking this feedlab…</p>;
  } else if (accounts === 'exist') {
    body = (
      <div className="notice">
        <p>
          A researcher account already exists on this feedlab, so this setup link is no longer needed.
        </p>
        <p>
          <Link href="/login" className="button">
            Go to sign-in
          </Link>
        </p>
        <p className="muted small">
          To add another researcher, run <code>feedlab researcher add NAME</code> on the machine that runs feedlab.
        </p>
      </div>
    );
  } else if (!token) {
    body = (
      <div className="notice">
        <p>
          This page needs the one-time setup link that <code>feedlab serve</code> printed when it first started
          (it ends in <code>/setup?token=…</code>). Open that link to create the first account.
        </p>
      </div>
    );
  } else {
    body = (
      <>
        <p>This account can then create studies and add other researchers. Keep the password somewhere safe.</p>
        <Formik
          initialValues={{ name: '', password: '', repeat: '' }}
          validationSchema={schema}
          onSubmit={async (values, { setStatus }) => {
            setStatus(undefined);
            try {
              const researcher = await api.setup(token, values.name.trim(), values.password);
              auth.signedIn(researcher);
              navigate('/studies', { replace: true });
            } catch (err) {
              setStatus(errorMessage(err));
            }
          }}
        >
          {({ isSubmitting, status }) => (
            <Form noValidate>
              <TextField name="name" label="Name" autoComplete="username" spellCheck={false} hint="The name you will sign in with." />
              <TextField
                name="password"
                label="Password"
                type="password"
                autoComplete="new-password"
                hint={`At least ${MIN_PASSWORD} characters.`}
              />
              <TextField name="repeat" label="Repeat password" type="password" autoComplete="new-password" />
              <FormStatus tone="error" message={status as string | undefined} />
              <div className="actions">
                <button type="submit" className="button" disabled={isSubmitting}>
                  {isSubmitting ? 'Creating…' : 'Create account'}
                </button>
              </div>
            </Form>
          )}
        </Formik>
      </>
    );
  }

  return (
    <section className="page--narrow card" aria-labelledby="setup-title">
      <h1 id="setup-title">Create the first researcher account</h1>
      {body}
    </section>
  );
}
