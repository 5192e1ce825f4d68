// Upload stimuli (/upload; spec §2 "Upload", §3 "Upload payload", §4 "Upload flow", §5
// "Upload", §8; issue 9 item 1): a set name, a category and pasted tab-separated text. The
// page previews what it read and the name the set will be stored under; the server reads
// the rows again with the rules of `feedlab sets import` and its problems are shown as it
// words them.
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Formik, Form, useFormikContext } from 'formik';
import { ingestEntitySet, ResearcherApiError } from '../api';
import { FormStatus, RadioGroup, Section, TextField } from '../fields';
import { Link, type PageProps } from '../../lib/router';
import { useTitle } from '../../lib/useTitle';
import {
  CATEGORIES,
  COMMENT_COLUMNS,
  detectedText,
  ingestSettings,
  initialUpload,
  inRowNumbers,
  parsePasted,
  pasted,
  PREVIEW_ROWS,
  REQUIRED_COLUMNS,
  rowCheck,
  setName,
  UPLOAD_FAILED,
  uploadSchema,
  type Pasted,
  type UploadValues,
} from './model';
import './upload.css';

const TITLE = 'Upload stimuli';

/** Outcome is the last Submit's result (both upload pages). */
export type Outcome = { kind: 'success'; name: string; count: number; comments?: number } | { kind: 'failed'; message: string; problems?: string[] };

/**
 * refusal is the failed Outcome of a Submit the server refused: its own words for a mistake
 * (a name taken, the bad rows: every one of them, in the preview's numbering); the spec's
 * default for anything else (a crash, no answer).
 */
export function refusal(err: unknown, p: Pasted): Outcome {
  const own = err instanceof ResearcherApiError && err.status >= 400 && err.status < 500 && err.status !== 401;
  if (!own) {
    const network = err instanceof ResearcherApiError && err.code === 'network';
    return { kind: 'failed', message: network ? (err as ResearcherApiError).message : UPLOAD_FAILED };
  }
  const e = err as ResearcherApiError;
  const rows = Array.isArray(e.details.row_problems) ? e.details.row_problems.filter((r): r is string => typeof r === 'string') : [];
  if (rows.length === 0) return { kind: 'failed', message: inRowNumbers(e.message, p) };
  const more = typeof e.details.more_row_problems === 'number' ? e.details.more_row_problems : 0;
  const count = rows.length + more;
  return {
    kind: 'failed',
    message: count === 1 ? 'The server refused a row:' : `The server refused ${count} rows${more > 0 ? ` (the first ${rows.length} are listed)` : ''}:`,
    problems: rows.map((r) => inRowNumbers(r, p)),
  };
}

/** UploadOutcome says, in the live region, how the last Submit went: the stored name and
 * card count, or the server's message with the line it names. */
export function UploadOutcome({ outcome }: { outcome: Outcome | null }) {
  return (
    <FormStatus tone={outcome?.kind === 'success' ? 'success' : 'error'}>
      {outcome?.kind === 'success' && (
        <>
          Success! The set is stored as <code>{outcome.name}</code> with {outcome.count} card{outcome.count === 1 ? '' : 's'}
          {outcome.comments ? ` and ${outcome.comments} comment${outcome.comments === 1 ? '' : 's'}` : ''}.
        </>
      )}
      {outcome?.kind === 'failed' && (
        <>
          {outcome.message}
          {outcome.problems && (
            <ul className="upload__problems">
              {outcome.problems.map((line, i) => (
                <li key={i}>{line}</li>
              ))}
            </ul>
          )}
        </>
      )}
    </FormStatus>
  );
}

/** UploadPage is the page at /upload. */
export function UploadPage(_: PageProps) {
  useTitle(TITLE);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const submit = async (values: UploadValues) => {
    setOutcome(null);
    const p = pasted(values.stimuli);
    try {
      const stored = await ingestEntitySet(ingestSettings(values, p));
      setOutcome({ kind: 'success', name: stored.entity_set, count: stored.num_entities, comments: stored.num_comments });
    } catch (err) {
      setOutcome(refusal(err, p));
    }
  };

  return (
    <div className="upload">
      <h1>{TITLE}</h1>
      <p className="muted">
        Add a stimulus set to the lab's library. Paste it from a spreadsheet: the first line names the columns, each further line is one
        card. Cards link to their images or videos by <code>source_url</code>; to store the media files on this appliance, use{' '}
        <Link href="/upload-hosted">Upload stimuli with media</Link>.
      </p>
      <Formik initialValues={initialUpload} validationSchema={uploadSchema} validateOnMount onSubmit={submit}>
        <UploadForm outcome={outcome} onEdit={() => outcome?.kind === 'failed' && setOutcome(null)} />
      </Formik>
    </div>
  );
}

function UploadForm({ outcome, onEdit }: { outcome: Outcome | null; onEdit(): void }) {
  const { values, isValid, isSubmitting } = useFormikContext<UploadValues>();
  const p = pasted(values.stimuli);
  return (
    <Form noValidate onChange={onEdit}>
      <SetFields />
      <StimuliFields p={p} />
      <CommentsFields hint=" An avatar is an https:// link here; to upload avatar images use Upload stimuli with media." />
      <div className="actions">
        <button type="submit" className="button" disabled={!isValid || isSubmitting}>
          {isSubmitting ? 'Submitting…' : 'Submit'}
        </button>
        {!isValid && !isSubmitting && <span className="muted small">Submit is available once the set name, category and stimuli are complete.</span>}
      </div>
      <UploadOutcome outcome={outcome} />
      {outcome?.kind === 'success' && (
        <p>
          <Link href="/create-study" className="button button--quiet">
            Create a study with {outcome.name}
          </Link>
        </p>
      )}
    </Form>
  );
}

/** SetFields are the set's name (with the name it will be stored under) and category; the
 * hosted upload page uses them too. */
export function SetFields() {
  const { values } = useFormikContext<UploadValues>();
  const stored = values.setname ? setName(new Date(), values.setname) : null;
  return (
    <Section title="The set">
      <TextField
        name="setname"
        label="Set name"
        autoComplete="off"
        spellCheck={false}
        hint="Letters, digits and underscores; at most 15 are kept. Today's date is put in front."
      />
      <p className="upload__stored" aria-live="polite">
        {stored ? (
          <>
            Will be stored as <code>{stored}</code>
          </>
        ) : (
          ''
        )}
      </p>
      <RadioGroup name="category" label="Category" inline options={CATEGORIES.map((c) => ({ value: c, label: c }))} />
    </Section>
  );
}

/** StimuliFields are the pasted stimuli with the preview of what the page read. */
export function StimuliFields({ p, hint }: { p: Pasted; hint?: ReactNode }) {
  const { values, touched, setFieldTouched } = useFormikContext<UploadValues>();
  // A paste is not a blur: show what is wrong with it (a missing column) at once.
  const hasText = values.stimuli.trim() !== '';
  useEffect(() => {
    if (hasText && !touched.stimuli) void setFieldTouched('stimuli', true, false);
  }, [hasText, touched.stimuli, setFieldTouched]);
  return (
    <Section title="Stimuli">
      <TextField
        name="stimuli"
        label="Stimuli (tab-separated)"
        multiline={8}
        spellCheck={false}
        hint={
          <>
            Required columns: {REQUIRED_COLUMNS.map((c, i) => (
              <span key={c}>
                {i > 0 && ', '}
                <code>{c}</code>
              </span>
            ))}
            . <code>headline</code> is optional; any other column is kept as a covariate of the card.{hint}
          </>
        }
      />
      <Preview p={p} />
    </Section>
  );
}

/** CommentsFields is the optional paste of the set's seeded comments (docs/social.md): the
 * server reads it with the rules of `sets import --comments` and names each bad row. */
export function CommentsFields({ hint }: { hint?: ReactNode }) {
  const { values } = useFormikContext<UploadValues>();
  // Its own parse: pasted() remembers only the stimuli's.
  const p = useMemo(() => parsePasted(values.comments), [values.comments]);
  return (
    <Section title="Comments (optional)">
      <TextField
        name="comments"
        label="Comments (tab-separated)"
        multiline={5}
        spellCheck={false}
        hint={
          <>
            Comments shown under the cards, one per line. Columns:{' '}
            {COMMENT_COLUMNS.map((c, i) => (
              <span key={c}>
                {i > 0 && ', '}
                <code>{c}</code>
              </span>
            ))}
            ; the first four are required. <code>filename</code> names the card, <code>reply_to</code> a comment_id (one level of
            replies), <code>tag</code> lets a condition show only some comments.{hint}
          </>
        }
      />
      {p.rows.length > 0 && (
        <p className="upload__detected" aria-live="polite">
          {p.rows.length} comment{p.rows.length === 1 ? '' : 's'} read.
        </p>
      )}
    </Section>
  );
}

/** RowFindings lists every problem of the rows (Submit waits for them) and every warning,
 * each named by its row as the preview's Row column numbers it. */
function RowFindings({ p }: { p: Pasted }) {
  const { problems, warnings } = rowCheck(p);
  if (problems.length === 0 && warnings.length === 0) return null;
  return (
    <div className="upload__findings">
      {problems.length > 0 && (
        <ul className="upload__problems" aria-label="Problems in the rows">
          {problems.map((line, i) => (
            <li key={i}>{line}</li>
          ))}
        </ul>
      )}
      {warnings.length > 0 && (
        <ul className="upload__warnings" aria-label="Warnings about the rows">
          {warnings.map((line, i) => (
            <li key={i}>{line}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Preview says what the page read from the paste: counts, a missing column, the first rows. */
function Preview({ p }: { p: Pasted }) {
  if (p.columns.length === 0) return <p className="upload__detected" aria-live="polite" />;
  const shown = p.rows.slice(0, PREVIEW_ROWS);
  const required = new Set<string>(REQUIRED_COLUMNS);
  return (
    <>
      <p className="upload__detected" aria-live="polite">
        {detectedText(p)}
      </p>
      <RowFindings p={p} />
      <div className="upload__table" role="region" aria-label="Preview of the first rows" tabIndex={0}>
        <table>
          <caption>
            {shown.length < p.rows.length ? `The first ${shown.length} of ${p.rows.length} rows` : `All ${p.rows.length} rows`}; required
            columns are marked.
          </caption>
          <thead>
            <tr>
              <th scope="col">Row</th>
              {p.columns.map((c, i) => (
                <th key={i} scope="col" className={required.has(c) ? 'upload__required' : undefined}>
                  {c || <span className="muted">(no name)</span>}
                  {required.has(c) && <span className="upload__badge">required</span>}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => (
              <tr key={row.line}>
                <th scope="row">{row.line}</th>
                {p.columns.map((_, i) => (
                  <td key={i}>{row.fields[i] ?? ''}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
