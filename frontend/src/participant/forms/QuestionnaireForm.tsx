// The one form engine: renders any questionnaire definition with Formik and validates it
// with the Yup schema built from the same definition. Every input's name is its answer
// field name and every option's value its saved value; labels are tied to inputs.
import { Form, Formik, useFormikContext } from 'formik';
import { useEffect, useMemo, useRef, type ChangeEvent } from 'react';
import { buildSchema, initialValues, shown, type FormValues } from './schema';
import type { Block, ChoiceField, Field, NumberField, Questionnaire, SliderField, TextField } from './types';
import { t } from '../i18n';

/** QuestionnaireFormProps: the definition, the blocks as arranged for this visit, the
 * submit button's text, and what to do with valid answers. */
export interface QuestionnaireFormProps {
  definition: Questionnaire;
  blocks: Block[];
  submitLabel: string;
  onSubmit: (values: FormValues) => Promise<void> | void;
  /** busy disables the button while the answers are being handed over. */
  busy?: boolean;
  /** initial answers (a restored draft); the definition's empty values by default. */
  initial?: FormValues;
  /** onValuesChange is told every change of the answers (to keep a draft). */
  onValuesChange?: (values: FormValues) => void;
}

/** QuestionnaireForm renders the page's questions and its Next (or Finish) button. */
export function QuestionnaireForm(props: QuestionnaireFormProps) {
  const { definition, blocks, submitLabel, onSubmit, busy, onValuesChange } = props;
  const schema = useMemo(() => buildSchema(definition), [definition]);
  const initial = useMemo(() => props.initial ?? initialValues(definition), [definition]);
  return (
    <Formik<FormValues> initialValues={initial} validationSchema={schema} onSubmit={(values) => onSubmit(values)}>
      <Form noValidate className="questionnaire" aria-label={definition.heading}>
        {onValuesChange && <ValuesWatcher onChange={onValuesChange} />}
        <Questions blocks={blocks} />
        <SubmitRow label={submitLabel} blocks={blocks} busy={busy} />
      </Form>
    </Formik>
  );
}

// Reports every change of the answers after the first render.
function ValuesWatcher({ onChange }: { onChange: (values: FormValues) => void }) {
  const { values } = useFormikContext<FormValues>();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    onChange(values);
  }, [values]);
  return null;
}

// Question numbers follow the order shown, across blocks; a question hidden by its showIf
// takes no number.
function Questions({ blocks }: { blocks: Block[] }) {
  const { values } = useFormikContext<FormValues>();
  let n = 0;
  return (
    <>
      {blocks.map((block) => {
        const visible = block.fields.filter((field) => shown(field, values));
        if (visible.length === 0) return null;
        return (
          <section key={block.id} className="questionnaire__block" aria-labelledby={block.heading ? `block-${block.id}` : undefined}>
            {block.heading && (
              <h2 id={`block-${block.id}`}>
                <Rich html={block.headingHtml} text={block.heading} />
              </h2>
            )}
            {visible.map((field) => {
              n++;
              return <Question key={field.labelName} field={field} number={n} />;
            })}
          </section>
        );
      })}
    </>
  );
}

/** fieldId is the DOM id of a question's wrapper (the summary links to it). */
export function fieldId(labelName: string): string {
  return `q-${labelName}`;
}

function useFieldState(name: string) {
  const f = useFormikContext<FormValues>();
  const error = f.errors[name];
  const shown = Boolean(error) && (Boolean(f.touched[name]) || f.submitCount > 0);
  return { f, error: shown ? String(error) : '' };
}

function Question({ field, number }: { field: Field; number: number }) {
  switch (field.kind) {
    case 'radio':
    case 'checkbox':
      return <ChoiceQuestion field={field} number={number} />;
    case 'number':
    case 'text':
      return <TextQuestion field={field} number={number} />;
    case 'slider':
      return <SliderQuestion field={field} number={number} />;
  }
}

function describedBy(...ids: Array<string | false>): string | undefined {
  const list = ids.filter(Boolean).join(' ');
  return list === '' ? undefined : list;
}

function ErrorText({ id, text }: { id: string; text: string }) {
  return text ? (
    <p id={id} className="questionnaire__error">
      {text}
    </p>
  ) : null;
}

/** Rich shows a researcher's markdown as the server rendered and sanitized it (never raw
 * researcher HTML: the server's markdown package drops it), or the plain text without it. */
function Rich({ html, text }: { html?: string; text?: string }) {
  return html ? <span className="questionnaire__rich" dangerouslySetInnerHTML={{ __html: html }} /> : <>{text}</>;
}

function QuestionText({ field, number }: { field: Field; number: number }) {
  return (
    <>
      <span className="questionnaire__number">{number}.</span> <Rich html={field.labelHtml} text={field.label} />
      {!field.required && !field.unmarked && <span className="questionnaire__optional"> {t('form.optional')}</span>}
    </>
  );
}

function ChoiceQuestion({ field, number }: { field: ChoiceField; number: number }) {
  const { f, error } = useFieldState(field.labelName);
  const base = fieldId(field.labelName);
  const value = f.values[field.labelName];
  const checked = (v: string) => (Array.isArray(value) ? value.includes(v) : value === v);
  return (
    <fieldset
      id={base}
      className={`questionnaire__question${error ? ' questionnaire__question--invalid' : ''}`}
      aria-describedby={describedBy(field.help !== undefined && `${base}-help`, error !== '' && `${base}-error`)}
      tabIndex={-1}
    >
      <legend>
        <QuestionText field={field} number={number} />
      </legend>
      {field.help && (
        <p id={`${base}-help`} className="questionnaire__help">
          <Rich html={field.helpHtml} text={field.help} />
        </p>
      )}
      <div className="questionnaire__options">
        {field.options.map((o, i) => {
          const id = `${base}-${i}`;
          return (
            <label key={o.value} htmlFor={id} className="questionnaire__option">
              <input
                id={id}
                type={o.type}
                name={field.labelName}
                value={o.value}
                checked={checked(o.value)}
                onChange={f.handleChange}
                onBlur={f.handleBlur}
                aria-invalid={error ? true : undefined}
              />
              <span>
                <Rich html={o.optionHtml} text={o.option} />
              </span>
            </label>
          );
        })}
      </div>
      <ErrorText id={`${base}-error`} text={error} />
    </fieldset>
  );
}

function TextQuestion({ field, number }: { field: NumberField | TextField; number: number }) {
  const { f, error } = useFieldState(field.labelName);
  const base = fieldId(field.labelName);
  const inputId = `${base}-input`;
  const value = String(f.values[field.labelName] ?? '');
  const common = {
    id: inputId,
    name: field.labelName,
    value,
    onChange: f.handleChange,
    onBlur: f.handleBlur,
    'aria-invalid': error ? true : undefined,
    'aria-required': field.required ? true : undefined,
    'aria-describedby': describedBy(field.help !== undefined && `${base}-help`, error !== '' && `${base}-error`),
  };
  return (
    <div id={base} className={`questionnaire__question${error ? ' questionnaire__question--invalid' : ''}`} tabIndex={-1}>
      <label htmlFor={inputId} className="questionnaire__label">
        <QuestionText field={field} number={number} />
      </label>
      {field.help && (
        <p id={`${base}-help`} className="questionnaire__help">
          <Rich html={field.helpHtml} text={field.help} />
        </p>
      )}
      {field.kind === 'number' ? (
        <input
          {...common}
          type="text"
          inputMode={field.format === 'integer' ? 'numeric' : 'decimal'}
          autoComplete="off"
          className="questionnaire__input questionnaire__input--number"
        />
      ) : field.multiline ? (
        <textarea {...common} rows={4} maxLength={field.maxLength} className="questionnaire__input" />
      ) : (
        <input {...common} type="text" maxLength={field.maxLength} autoComplete="off" className="questionnaire__input" />
      )}
      <ErrorText id={`${base}-error`} text={error} />
    </div>
  );
}

function SliderQuestion({ field, number }: { field: SliderField; number: number }) {
  const { f, error } = useFieldState(field.labelName);
  const base = fieldId(field.labelName);
  const inputId = `${base}-input`;
  const raw = f.values[field.labelName];
  // Unset until moved: the thumb sits in the middle, faded, and no value is shown.
  const unset = raw === '' || raw === undefined;
  const value = unset ? (field.min + field.max) / 2 : Number(raw);
  const unit = field.unit ?? '';
  const onChange = (e: ChangeEvent<HTMLInputElement> | MouseEvent) =>
    void f.setFieldValue(field.labelName, Number((e.currentTarget as HTMLInputElement).value));
  return (
    <div id={base} className={`questionnaire__question${error ? ' questionnaire__question--invalid' : ''}`} tabIndex={-1}>
      <label htmlFor={inputId} className="questionnaire__label">
        <QuestionText field={field} number={number} />
      </label>
      {field.help && (
        <p id={`${base}-help`} className="questionnaire__help">
          <Rich html={field.helpHtml} text={field.help} />
        </p>
      )}
      <div className={`questionnaire__slider${unset ? ' questionnaire__slider--unset' : ''}`}>
        {field.minLabel && <span aria-hidden="true">{field.minLabel}</span>}
        <input
          id={inputId}
          type="range"
          name={field.labelName}
          min={field.min}
          max={field.max}
          step={field.step}
          value={value}
          onInput={onChange}
          onChange={onChange}
          onBlur={f.handleBlur}
          onClick={unset ? onChange : undefined}
          aria-valuetext={unset ? 'not set' : `${value}${unit}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(field.help !== undefined && `${base}-help`, error !== '' && `${base}-error`)}
        />
        {field.maxLabel && <span aria-hidden="true">{field.maxLabel}</span>}
      </div>
      <output htmlFor={inputId} className="questionnaire__slider-value">
        {unset ? t('form.notSet') : `${value}${unit}`}
      </output>
      <ErrorText id={`${base}-error`} text={error} />
    </div>
  );
}

// Next is disabled while the page is invalid once a question was touched or a submit tried
// (spec §2); the summary says why and links to each question still to answer.
function SubmitRow({ label, blocks, busy }: { label: string; blocks: Block[]; busy?: boolean }) {
  const f = useFormikContext<FormValues>();
  const attempted = f.submitCount > 0 || Object.keys(f.touched).length > 0;
  const blocked = !f.isValid && attempted;
  const missing = blocked
    ? blocks.flatMap((b) => b.fields).filter((field) => f.errors[field.labelName] !== undefined)
    : [];
  const numbers = new Map<string, number>();
  blocks.flatMap((b) => b.fields).forEach((field, i) => numbers.set(field.labelName, i + 1));
  return (
    <div className="questionnaire__submit">
      <div aria-live="polite" className="questionnaire__summary">
        {missing.length > 0 && (
          <p>
            {missing.length === 1 ? t('form.missingOne') : t('form.missingMany', { n: missing.length })}{' '}
            {missing.map((field, i) => (
              <span key={field.labelName}>
                {i > 0 && ', '}
                <a
                  href={`#${fieldId(field.labelName)}`}
                  onClick={(e) => {
                    e.preventDefault();
                    focusQuestion(field.labelName);
                  }}
                >
                  {t('form.question', { n: numbers.get(field.labelName) ?? 0 })}
                </a>
              </span>
            ))}
            .
          </p>
        )}
      </div>
      <button type="submit" className="button questionnaire__next" disabled={blocked || busy || f.isSubmitting}>
        {label}
      </button>
    </div>
  );
}

function focusQuestion(labelName: string) {
  const el = document.getElementById(fieldId(labelName));
  if (!el) return;
  el.scrollIntoView({ block: 'center' });
  const input = el.querySelector<HTMLElement>('input, textarea');
  (input ?? el).focus();
}
