import { useState, type ReactNode } from 'react';
import { useField } from 'formik';
import { renderMarkdown, ResearcherApiError, type MarkdownFieldName } from '../api';
import { describedBy, ErrorLine, Hint, useFieldIds, useShownError } from './shared';

/** MarkdownFieldProps configure a participant text written in markdown. */
export interface MarkdownFieldProps {
  name: string;
  label: ReactNode;
  /** field is the participant text it is, so Preview renders it the way the server will. */
  field: MarkdownFieldName;
  rows?: number;
  cols?: number;
  hint?: ReactNode;
  /** previewType is the intervention-type whose default text an empty intervention-text previews. */
  previewType?: string;
  /** previewLanguage is the condition's language, in which a built-in text previews. */
  previewLanguage?: string;
}

type PreviewState = { kind: 'none' } | { kind: 'loading' } | { kind: 'shown'; html: string; text: string } | { kind: 'failed'; message: string };

/**
 * MarkdownField is a labelled textarea with a Preview button. Preview sends the text to
 * the server's render_markdown, the exact path a participant's text takes (rendered and
 * sanitized there), and shows the HTML it answers below the textarea.
 */
export function MarkdownField({ name, label, field: which, rows = 8, cols, hint, previewType, previewLanguage }: MarkdownFieldProps) {
  const [field, meta] = useField<string>(name);
  const ids = useFieldIds();
  const error = useShownError(meta);
  const [preview, setPreview] = useState<PreviewState>({ kind: 'none' });
  const text = field.value ?? '';

  const show = async () => {
    setPreview({ kind: 'loading' });
    try {
      setPreview({ kind: 'shown', html: await renderMarkdown(which, text, previewType, previewLanguage), text });
    } catch (err) {
      const message = err instanceof ResearcherApiError ? err.message : 'The preview could not be made.';
      setPreview({ kind: 'failed', message: `No preview: ${message}` });
    }
  };

  return (
    <div className="field field--markdown">
      <label htmlFor={ids.input}>{label}</label>
      <Hint id={ids.hint}>{hint}</Hint>
      <textarea
        id={ids.input}
        name={name}
        rows={rows}
        cols={cols}
        value={text}
        onChange={field.onChange}
        onBlur={field.onBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(ids, hint, error)}
      />
      <ErrorLine id={ids.error} error={error} />
      <div className="field__actions">
        <button type="button" className="button button--quiet" onClick={show} disabled={preview.kind === 'loading'}>
          Preview
        </button>
        {preview.kind === 'shown' && (
          <button type="button" className="button button--quiet" onClick={() => setPreview({ kind: 'none' })}>
            Hide preview
          </button>
        )}
      </div>
      <div aria-live="polite" className="field__preview-status">
        {preview.kind === 'loading' && 'Rendering the preview…'}
        {preview.kind === 'failed' && <span className="field__error">{preview.message}</span>}
        {preview.kind === 'shown' && preview.text !== text && 'The text changed since this preview: press Preview again.'}
      </div>
      {preview.kind === 'shown' && (
        <section className="markdown-preview" aria-label={`Preview: ${typeof label === 'string' ? label : 'text'}`}>
          <div dangerouslySetInnerHTML={{ __html: preview.html }} />
        </section>
      )}
    </div>
  );
}
