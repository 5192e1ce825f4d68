// The ranking script's box: the script as code, the server's problems with it beside the
// box in the script's own lines and columns, and a starting template and the docs'
// examples one click away (a confirmation first when the box holds a script already).
import { useState } from 'react';
import { useField } from 'formik';
import { Dialog } from '../Dialog';
import { describedBy, ErrorLine, Hint, useFieldIds, useShownError } from '../fields/shared';
import { SCRIPT_TEMPLATES, type ScriptTemplate } from './scriptTemplates';
import { scriptProblemText, useScriptProblems } from './serverProblems';

export function ScriptField({ name, label, hint, i }: { name: string; label: string; hint: string; i: number }) {
  const [field, meta, helpers] = useField<string>(name);
  const ids = useFieldIds();
  const error = useShownError(meta);
  const problems = useScriptProblems(i);
  const [asking, setAsking] = useState<ScriptTemplate | null>(null);
  const problemsId = `${ids.input}-problems`;
  const use = (t: ScriptTemplate) => {
    setAsking(null);
    void helpers.setValue(t.script);
  };
  const offer = (t: ScriptTemplate) => ((field.value ?? '').trim() === '' ? use(t) : setAsking(t));
  // Each problem describes the box (the list's own label would stand in for its items).
  const described = [describedBy(ids, hint, error), ...problems.map((_, k) => `${problemsId}-${k}`)].filter(Boolean).join(' ');
  return (
    <div className="field wizard-script">
      <label htmlFor={ids.input}>{label}</label>
      <Hint id={ids.hint}>{hint}</Hint>
      <div className="wizard-script__templates">
        {SCRIPT_TEMPLATES.map((t) => (
          <button key={t.label} type="button" className="button button--quiet button--small" onClick={() => offer(t)}>
            {t.label}
          </button>
        ))}
      </div>
      <textarea
        id={ids.input}
        name={name}
        rows={12}
        spellcheck={false}
        value={field.value ?? ''}
        onChange={field.onChange}
        onBlur={field.onBlur}
        aria-invalid={error || problems.length ? true : undefined}
        aria-describedby={described || undefined}
      />
      <ErrorLine id={ids.error} error={error} />
      {problems.length > 0 && (
        <ul className="wizard-script__problems" aria-label="Problems in the script">
          {problems.map((p, k) => (
            <li key={k} id={`${problemsId}-${k}`}>
              {scriptProblemText(p)}
            </li>
          ))}
        </ul>
      )}
      {asking && (
        <Dialog title="Replace your script?" onClose={() => setAsking(null)}>
          <p>
            The box holds a script already. {asking.label.replace(/^Use /, 'Using ')} replaces it; copy it elsewhere first if you want to keep it.
          </p>
          <div className="actions actions--end">
            <button type="button" className="button button--quiet" onClick={() => setAsking(null)}>
              Keep my script
            </button>
            <button type="button" className="button" onClick={() => use(asking)}>
              Replace it
            </button>
          </div>
        </Dialog>
      )}
    </div>
  );
}
