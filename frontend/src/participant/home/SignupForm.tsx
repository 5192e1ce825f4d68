import { ErrorMessage, Field, Form, Formik, type FormikHelpers } from 'formik';
import * as yup from 'yup';
import { apiCall } from '../../lib/api';

/** SIGNUP_MESSAGES are the texts shown after a sign-up request. */
export const SIGNUP_MESSAGES = {
  sent: 'Thanks! We will be in touch.',
  failed: 'Whoops, something went wrong. Try again later.',
} as const;

type SignupStatus = keyof typeof SIGNUP_MESSAGES | undefined;

interface SignupValues {
  email: string;
  name: string;
}

/** signupSchema validates the alpha-testing sign-up; only the email is required. */
export const signupSchema = yup.object({
  email: yup
    .string()
    .trim()
    .required('Enter your email address.')
    .max(254, 'That email address is too long.')
    .email('Enter a valid email address, like name@example.org.'),
  name: yup.string().trim().max(200, 'Keep your name under 200 characters.'),
});

async function submit(values: SignupValues, helpers: FormikHelpers<SignupValues>) {
  // Formik validates with the schema's transforms but submits the raw values.
  const { email, name = '' } = signupSchema.cast(values);
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
export function SignupForm() {
  return (
    <Formik<SignupValues> initialValues={{ email: '', name: '' }} validationSchema={signupSchema} onSubmit={submit}>
      {({ errors, touched, isSubmitting, status }) => {
        const emailInvalid = Boolean(touched.email && errors.email);
        const nameInvalid = Boolean(touched.name && errors.name);
        const shown = status as SignupStatus;
        return (
          <Form className="signup" noValidate aria-label="Sign up for alpha testing">
            <div className="field">
              <label htmlFor="signup-email">Email</label>
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
                Name <span className="field__optional">(optional)</span>
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
              {isSubmitting ? 'Signing up…' : 'Sign up'}
            </button>
            <p role="status" className={`signup__status signup__status--${shown ?? 'none'}`}>
              {shown ? SIGNUP_MESSAGES[shown] : ''}
            </p>
          </Form>
        );
      }}
    </Formik>
  );
}
