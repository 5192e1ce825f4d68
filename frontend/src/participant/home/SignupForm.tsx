import { ErrorMessage, Field, Form, Formik, type FormikHelpers } from 'formik';
import * as yup from 'yup';
import { useMemo } from 'react';
import { apiCall } from '../../lib/api';
import type { SiteText } from './texts';

/** SignupStatus is what a sign-up request ended with (its text: signup.sent, signup.failed). */
type SignupStatus = 'sent' | 'failed' | undefined;

interface SignupValues {
  email: string;
  name: string;
}

/** signupSchema validates the alpha-testing sign-up, in the page's language; only the email is required. */
export function signupSchema(s: SiteText) {
  return yup.object({
    email: yup.string().trim().required(s('signup.emailRequired')).max(254, s('signup.emailLong')).email(s('signup.emailInvalid')),
    name: yup.string().trim().max(200, s('signup.nameLong')),
  });
}

async function submit(schema: ReturnType<typeof signupSchema>, values: SignupValues, helpers: FormikHelpers<SignupValues>) {
  // Formik validates with the schema's transforms but submits the raw values.
  const { email, name = '' } = schema.cast(values);
  try {
    await apiCall('/v1/signup', { email, name });
    helpers.resetForm();
    helpers.setStatus('sent');
  } catch (err) {
    console.error('error signing up', err);
    helpers.setStatus('failed');
  }
}

/** SignupForm asks for an email address (and optionally a name) for alpha testing. */
export function SignupForm({ s }: { s: SiteText }) {
  const schema = useMemo(() => signupSchema(s), [s.lang]);
  return (
    <Formik<SignupValues> initialValues={{ email: '', name: '' }} validationSchema={schema} onSubmit={(values, helpers) => submit(schema, values, helpers)}>
      {({ errors, touched, isSubmitting, status }) => {
        const emailInvalid = Boolean(touched.email && errors.email);
        const nameInvalid = Boolean(touched.name && errors.name);
        const shown = status as SignupStatus;
        return (
          <Form className="signup" noValidate aria-label={s('signup.form')}>
            <div className="field">
              <label htmlFor="signup-email">{s('signup.email')}</label>
              <Field
                id="signup-email"
                name="email"
                type="email"
                autoComplete="email"
                inputMode="email"
                aria-invalid={emailInvalid}
                aria-describedby={emailInvalid ? 'signup-email-error' : undefined}
              />
              <ErrorMessage name="email">
                {(message) => (
                  <p id="signup-email-error" className="field__error">
                    {message}
                  </p>
                )}
              </ErrorMessage>
            </div>
            <div className="field">
              <label htmlFor="signup-name">
                {s('signup.name')} <span className="field__optional">{s('signup.optional')}</span>
              </label>
              <Field
                id="signup-name"
                name="name"
                type="text"
                autoComplete="name"
                aria-invalid={nameInvalid}
                aria-describedby={nameInvalid ? 'signup-name-error' : undefined}
              />
              <ErrorMessage name="name">
                {(message) => (
                  <p id="signup-name-error" className="field__error">
                    {message}
                  </p>
                )}
              </ErrorMessage>
            </div>
            <button type="submit" className="button" disabled={isSubmitting}>
              {isSubmitting ? s('signup.submitting') : s('signup.submit')}
            </button>
            <p role="status" className={`signup__status signup__status--${shown ?? 'none'}`}>
              {shown ? s(shown === 'sent' ? 'signup.sent' : 'signup.failed') : ''}
            </p>
          </Form>
        );
      }}
    </Formik>
  );
}
