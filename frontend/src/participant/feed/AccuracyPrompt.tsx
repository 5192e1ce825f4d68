// The accprompt-modal intervention. Loaded with import() when the intervention opens, so
// Formik and Yup are not part of the feed's first load.
import { Field, Form, Formik } from 'formik';
import * as yup from 'yup';
import { ACCURACY_OPTIONS } from './rules';
import { Dialog } from './Dialog';
import { t } from '../i18n';
import './accprompt.css';

/** PROMPT_IMAGES are the two example headlines; each participant sees one of them. */
export const PROMPT_IMAGES = [
  { src: '/img/accprompt-1.svg', alt: 'accprompt.example1' },
  { src: '/img/accprompt-2.svg', alt: 'accprompt.example2' },
] as const;

// Built when the prompt opens, so its message is in the study's language.
const schema = () =>
  yup.object({
    accuracy: yup
      .string()
      .oneOf(ACCURACY_OPTIONS.map((o) => o.value), t('accprompt.required'))
      .required(t('accprompt.required')),
  });

/**
 * AccuracyPrompt asks whether an example headline is accurate: one of four options is
 * required, and Continue stays disabled until the form is valid; 'Required' shows after an
 * attempt to continue without an answer. intro is the study's intervention-text (HTML),
 * shown above the question; inline puts it in a feed card instead of a pop-up.
 */
export default function AccuracyPrompt({ image, onSubmit, intro = '', inline = false }: { image: 0 | 1; onSubmit: (value: string) => void; intro?: string; inline?: boolean }) {
  const form = <AccuracyForm image={image} onSubmit={onSubmit} intro={intro} idPrefix={inline ? 'infeed-' : ''} />;
  if (inline) return form;
  return (
    <Dialog labelledBy="accprompt-title" className="dialog--accprompt">
      {form}
    </Dialog>
  );
}

function AccuracyForm({ image, onSubmit, intro, idPrefix }: { image: 0 | 1; onSubmit: (value: string) => void; intro: string; idPrefix: string }) {
  const picture = PROMPT_IMAGES[image];
  return (
    <>
      {intro ? <div className="markdown accprompt__intro" dangerouslySetInnerHTML={{ __html: intro }} /> : null}
      <Formik
        initialValues={{ accuracy: '' }}
        validationSchema={schema()}
        validateOnMount
        onSubmit={(values) => onSubmit(values.accuracy)}
      >
        {({ isValid, isSubmitting, submitCount }) => (
          <Form noValidate>
            <h2 id={`${idPrefix}accprompt-title`}>{t('accprompt.question')}</h2>
            <img className="accprompt__image" src={picture.src} alt={t(picture.alt)} width={480} height={270} />
            <fieldset className="accprompt__options">
              <legend className="visually-hidden">{t('accprompt.question')}</legend>
              {ACCURACY_OPTIONS.map((o, i) => (
                <label key={o.value} className="radio">
                  <Field type="radio" name="accuracy" value={o.value} data-autofocus={i === 0 && !idPrefix ? true : undefined} />
                  <span>{t(o.label)}</span>
                </label>
              ))}
            </fieldset>
            {/* 'Required' only after an attempt to continue, not as the prompt opens. */}
            {!isValid && submitCount > 0 ? (
              <p id={`${idPrefix}accprompt-required`} className="field__error accprompt__required" role="alert">
                {t('accprompt.required')}
              </p>
            ) : null}
            <div className="dialog__actions">
              {/* Disabled until valid (aria-disabled, so a click is still an attempt that
                  shows why it cannot continue). */}
              <button
                type="submit"
                className="button"
                aria-disabled={!isValid || isSubmitting ? 'true' : undefined}
                aria-describedby={!isValid && submitCount > 0 ? `${idPrefix}accprompt-required` : undefined}
              >
                {t('common.continue')}
              </button>
            </div>
          </Form>
        )}
      </Formik>
    </>
  );
}
