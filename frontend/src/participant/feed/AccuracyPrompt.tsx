// The accprompt-modal intervention. Loaded with import() when the intervention opens, so
// Formik and Yup are not part of the feed's first load.
import { Field, Form, Formik } from 'formik';
import * as yup from 'yup';
import { ACCURACY_OPTIONS } from './rules';
import { Dialog } from './Dialog';

/** PROMPT_IMAGES are the two example headlines; each participant sees one of them. */
export const PROMPT_IMAGES = [
  { src: '/img/accprompt-1.svg', alt: 'Example post: "Scientists confirm the moon is drifting closer to Earth each year"' },
  { src: '/img/accprompt-2.svg', alt: 'Example post: "City to replace all traffic lights with roundabouts by next spring"' },
] as const;

const schema = yup.object({
  accuracy: yup
    .string()
    .oneOf(ACCURACY_OPTIONS.map((o) => o.value), 'Required')
    .required('Required'),
});

/**
 * AccuracyPrompt asks whether an example headline is accurate: one of four options is
 * required, and Continue stays disabled until the form is valid; 'Required' shows after an
 * attempt to continue without an answer.
 */
export default function AccuracyPrompt({ image, onSubmit }: { image: 0 | 1; onSubmit: (value: string) => void }) {
  const picture = PROMPT_IMAGES[image];
  return (
    <Dialog labelledBy="accprompt-title" className="dialog--accprompt">
      <Formik
        initialValues={{ accuracy: '' }}
        validationSchema={schema}
        validateOnMount
        onSubmit={(values) => onSubmit(values.accuracy)}
      >
        {({ isValid, isSubmitting, submitCount }) => (
          <Form noValidate>
            <h2 id="accprompt-title">Do you think this headline is accurate?</h2>
            <img className="accprompt__image" src={picture.src} alt={picture.alt} width={480} height={270} />
            <fieldset className="accprompt__options">
              <legend className="visually-hidden">Do you think this headline is accurate?</legend>
              {ACCURACY_OPTIONS.map((o, i) => (
                <label key={o.value} className="radio">
                  <Field type="radio" name="accuracy" value={o.value} data-autofocus={i === 0 ? true : undefined} />
                  <span>{o.label}</span>
                </label>
              ))}
            </fieldset>
            {/* 'Required' only after an attempt to continue, not as the prompt opens. */}
            {!isValid && submitCount > 0 ? (
              <p id="accprompt-required" className="field__error accprompt__required" role="alert">
                Required
              </p>
            ) : null}
            <div className="dialog__actions">
              {/* Disabled until valid (aria-disabled, so a click is still an attempt that
                  shows why it cannot continue). */}
              <button
                type="submit"
                className="button"
                aria-disabled={!isValid || isSubmitting ? 'true' : undefined}
                aria-describedby={!isValid && submitCount > 0 ? 'accprompt-required' : undefined}
              >
                Continue
              </button>
            </div>
          </Form>
        )}
      </Formik>
    </Dialog>
  );
}
