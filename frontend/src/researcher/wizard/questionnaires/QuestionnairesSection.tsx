// The wizard's Questionnaires section (issue 23): the study's own questionnaires, built
// here and sent as the study-wide questionnaires parameter. Start one empty, from a
// built-in, from a JSON file or from another of your studies; edit pages and items; the
// server's problems from Verify are listed beside the questionnaire they name.
import { useContext, useEffect, useId, useState } from 'react';
import { useFormikContext } from 'formik';
import { getStudy, listStudies, saveText, type Capabilities, type StudySummary } from '../../api';
import { CheckboxField, Section, TextField } from '../../fields';
import { errorMessage } from '../../messages';
import { questionnaireList } from '../model/rows';
import { exportDefinition, freeName, ITEM_TYPES, itemIds, nameProblem, newItem, newQuestionnaire, parseDefinition, problemsOf, renameInForms } from '../model/questionnaires';
import type { Questionnaire, WizardState } from '../model/types';
import { ServerProblems } from '../serverProblems';
import { ItemEditor } from './ItemEditor';
import { AddItem, restore, UndoContext, useItemList, type Deleted } from './itemList';
import { PagePreview } from './PagePreview';
import './questionnaires.css';

const LIST = 'params.questionnaires';

export function QuestionnairesSection({ caps }: { caps: Capabilities }) {
  const { values, setFieldValue, setValues } = useFormikContext<WizardState>();
  const list = values.params.questionnaires ?? [];
  const builtins = caps.questionnaires.map((q) => q.name);
  const taken = [...builtins, ...list.map((q) => q.name)];
  const [deleted, setDeleted] = useState<Deleted | null>(null);
  const [notice, setNotice] = useState('');

  const add = (q: Questionnaire, how: string) => {
    const name = freeName(q.name, taken);
    void setFieldValue(LIST, [...list, { ...q, name }]);
    setNotice(`${how}: questionnaire ${name} added at the end.`);
  };

  const onDeleted = (d: Deleted) => {
    setDeleted(d);
    // A deleted questionnaire leaves the conditions' lists too (Undo does not put it back there).
    if (d.listPath === LIST) {
      const name = (d.value as Questionnaire).name;
      void setValues((v: WizardState) => ({
        ...v,
        params: { ...v.params, formsSelected: renameInForms(v.params.formsSelected, name, ''), formsBefore: renameInForms(v.params.formsBefore, name, '') },
      }));
    }
  };

  return (
    <Section title="Questionnaires" className="qb">
      <p className="muted">
        Your own questionnaires: pages of questions, including questions about the cards a participant saw. Choose where each is shown (before or
        after the feed) per condition under Questionnaires before and after the feed.
      </p>
      <UndoContext.Provider value={onDeleted}>
        {list.map((q, qi) => (
          <QuestionnaireEditor key={qi} qi={qi} q={q} builtins={builtins} others={list.filter((_, k) => k !== qi).map((o) => o.name)} />
        ))}
      </UndoContext.Provider>
      <div role="status" className="qb-status">
        {deleted && (
          <>
            Deleted {deleted.label}.{' '}
            <button
              type="button"
              className="button button--quiet button--small"
              onClick={() => {
                void setFieldValue(deleted.listPath, restore(values, deleted));
                setDeleted(null);
              }}
            >
              Undo
            </button>
          </>
        )}
        {!deleted && notice}
      </div>
      <div className="qb-start">
        <button type="button" className="button" onClick={() => add(newQuestionnaire('questionnaire'), 'New')}>
          Add questionnaire
        </button>
        <FromBuiltin caps={caps} onPick={(q) => add(q, `From the built-in ${q.name}`)} />
        <FromFile onPick={(q) => add(q, 'Imported')} onError={setNotice} />
        <FromStudy onPick={(q, id) => add(q, `Copied from study ${id}`)} onError={setNotice} />
      </div>
    </Section>
  );
}

function QuestionnaireEditor({ qi, q, builtins, others }: { qi: number; q: Questionnaire; builtins: string[]; others: string[] }) {
  const { setValues } = useFormikContext<WizardState>();
  const path = `${LIST}.${qi}`;
  const headingId = useId();
  const nameId = useId();
  const problems = problemsOf(useContext(ServerProblems), q.name, qi);
  const self = useItemList(LIST);
  const pages = useItemList(`${path}.pages`);
  const [preview, setPreview] = useState<number | null>(null);
  const nameError = nameProblem(q.name, builtins, others);
  const ids = itemIds(q);

  // Renaming follows into every condition's lists, so a chosen questionnaire stays chosen.
  const rename = (to: string) =>
    void setValues((v: WizardState) => {
      const qs = (v.params.questionnaires ?? []).slice();
      const from = qs[qi].name;
      qs[qi] = { ...qs[qi], name: to };
      return {
        ...v,
        params: { ...v.params, questionnaires: qs, formsSelected: renameInForms(v.params.formsSelected, from, to), formsBefore: renameInForms(v.params.formsBefore, from, to) },
      };
    });

  return (
    <div role="group" aria-labelledby={headingId} className="qb-questionnaire">
      <div className="qb-questionnaire__head">
        <h3 id={headingId}>Questionnaire {q.name}</h3>
        <span className="qb-item__moves">
          <button type="button" className="button button--quiet button--small" onClick={() => saveText(`${q.name}.json`, exportDefinition(q), 'application/json')}>
            Export JSON
          </button>
          <button type="button" className="button button--quiet button--small" onClick={() => self.remove(qi, `questionnaire ${q.name}`)}>
            Delete questionnaire
          </button>
        </span>
      </div>
      {problems.length > 0 && (
        <ul className="qb-problems" aria-label={`Problems with ${q.name}`}>
          {problems.map((p, k) => (
            <li key={k}>{p.message}</li>
          ))}
        </ul>
      )}
      <div className="qb-row">
        <div className="field">
          <label htmlFor={nameId}>Name</label>
          <p className="field__hint" id={`${nameId}-hint`}>
            Lower-case letters, digits and _; names the page and the answers in the exports.
          </p>
          <input id={nameId} value={q.name} onChange={(e) => rename(e.currentTarget.value)} aria-invalid={nameError ? true : undefined} aria-describedby={`${nameId}-hint ${nameId}-error`} />
          <p className="field__error" id={`${nameId}-error`} aria-live="polite">
            {nameError}
          </p>
        </div>
        <TextField name={`${path}.title`} label="Title" hint="The page's heading, as participants see it." />
      </div>
      {q.pages.map((page, pi) => (
        <PageEditor key={pi} path={`${path}.pages.${pi}`} pi={pi} count={q.pages.length} page={page} ids={ids} onPreview={() => setPreview(pi)} onDelete={() => pages.remove(pi, `page ${pi + 1} of ${q.name}`)} />
      ))}
      <button type="button" className="button button--quiet" onClick={() => pages.add({ items: [newItem('single', freeId(ids))] })}>
        Add page
      </button>
      {preview !== null && q.pages[preview] && <PagePreview q={q} page={preview} onClose={() => setPreview(null)} />}
    </div>
  );
}

const freeId = (ids: string[]) => {
  for (let n = 1; ; n++) if (!ids.includes(`q${n}`)) return `q${n}`;
};

function PageEditor({
  path,
  pi,
  count,
  page,
  ids,
  onPreview,
  onDelete,
}: {
  path: string;
  pi: number;
  count: number;
  page: Questionnaire['pages'][number];
  ids: string[];
  onPreview: () => void;
  onDelete: () => void;
}) {
  const headingId = useId();
  const pageIds = page.items.map((it) => it.id);
  // show_if may name any item above: those of earlier pages, and those above on this page.
  const before = ids.slice(0, ids.indexOf(pageIds[0]) >= 0 ? ids.indexOf(pageIds[0]) : ids.length);
  return (
    <div role="group" aria-labelledby={headingId} className="qb-page">
      <div className="qb-questionnaire__head">
        <h4 id={headingId}>Page {pi + 1}</h4>
        <span className="qb-item__moves">
          <button type="button" className="button button--quiet button--small" onClick={onPreview}>
            Preview page {pi + 1}
          </button>
          {count > 1 && (
            <button type="button" className="button button--quiet button--small" onClick={onDelete}>
              Delete page {pi + 1}
            </button>
          )}
        </span>
      </div>
      <TextField name={`${path}.intro`} label={`Page ${pi + 1} introduction (markdown, optional)`} multiline={2} />
      <CheckboxField name={`${path}.randomize_items`} label="Randomize the order of the items" />
      <ol className="qb-items">
        {page.items.map((_, k) => (
          <ItemEditor key={k} listPath={`${path}.items`} index={k} count={page.items.length} earlier={[...before, ...pageIds.slice(0, k)]} allIds={ids} />
        ))}
      </ol>
      <AddItem listPath={`${path}.items`} types={ITEM_TYPES} ids={ids} label={`Type of the new item on page ${pi + 1}`} button={`Add item to page ${pi + 1}`} />
    </div>
  );
}

function FromBuiltin({ caps, onPick }: { caps: Capabilities; onPick: (q: Questionnaire) => void }) {
  const defs = caps.questionnaire_definitions ?? [];
  const [name, setName] = useState(defs[0]?.name ?? '');
  const id = useId();
  if (defs.length === 0) return null;
  const title = (n: string) => caps.questionnaires.find((q) => q.name === n)?.title ?? n;
  return (
    <div className="qb-add">
      <div className="field">
        <label htmlFor={id}>Built-in questionnaire</label>
        <select id={id} value={name} onChange={(e) => setName(e.currentTarget.value)}>
          {defs.map((d) => (
            <option key={d.name} value={d.name}>
              {title(d.name)}
            </option>
          ))}
        </select>
      </div>
      <button
        type="button"
        className="button button--quiet button--small"
        onClick={() => {
          const d = defs.find((x) => x.name === name);
          if (d) onPick(JSON.parse(JSON.stringify(d)));
        }}
      >
        Start from this built-in
      </button>
    </div>
  );
}

function FromFile({ onPick, onError }: { onPick: (q: Questionnaire) => void; onError: (msg: string) => void }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>Import a questionnaire (JSON file)</label>
      <input
        id={id}
        type="file"
        accept="application/json,.json"
        onChange={async (e) => {
          const file = e.currentTarget.files?.[0];
          e.currentTarget.value = '';
          if (!file) return;
          try {
            onPick(parseDefinition(await file.text()));
          } catch (err) {
            onError(`${file.name} was not imported: ${errorMessage(err)}`);
          }
        }}
      />
    </div>
  );
}

/** FromStudy copies a questionnaire from another study the researcher may see. */
function FromStudy({ onPick, onError }: { onPick: (q: Questionnaire, id: string) => void; onError: (msg: string) => void }) {
  const [studies, setStudies] = useState<StudySummary[] | null>(null);
  const [study, setStudy] = useState('');
  const [found, setFound] = useState<Questionnaire[] | null>(null);
  const [pick, setPick] = useState('');
  const sid = useId();
  const qid = useId();
  useEffect(() => {
    let live = true;
    listStudies()
      .then((s) => live && setStudies(s.filter((x) => !x.builtin)))
      .catch(() => live && setStudies([]));
    return () => {
      live = false;
    };
  }, []);
  if (!studies || studies.length === 0) return null;
  const load = async (id: string) => {
    setStudy(id);
    setFound(null);
    if (!id) return;
    try {
      const s = await getStudy(id);
      const qs = questionnaireList(s.rows.find((r) => r.param === 'questionnaires')?.value ?? '');
      setFound(qs);
      setPick(qs[0]?.name ?? '');
    } catch (err) {
      onError(`Study ${id} could not be read: ${errorMessage(err)}`);
    }
  };
  return (
    <div className="qb-add">
      <div className="field">
        <label htmlFor={sid}>Copy from another study</label>
        <select id={sid} value={study} onChange={(e) => void load(e.currentTarget.value)}>
          <option value="">(choose a study)</option>
          {studies.map((s) => (
            <option key={s.experiment_id} value={s.experiment_id}>
              {s.title ? `${s.title} (${s.experiment_id})` : s.experiment_id}
            </option>
          ))}
        </select>
      </div>
      {found && found.length === 0 && <p className="muted">That study has no questionnaires of its own.</p>}
      {found && found.length > 0 && (
        <>
          <div className="field">
            <label htmlFor={qid}>Its questionnaire</label>
            <select id={qid} value={pick} onChange={(e) => setPick(e.currentTarget.value)}>
              {found.map((q) => (
                <option key={q.name} value={q.name}>
                  {q.title ? `${q.title} (${q.name})` : q.name}
                </option>
              ))}
            </select>
          </div>
          <button
            type="button"
            className="button button--quiet button--small"
            onClick={() => {
              const q = found.find((x) => x.name === pick);
              if (q) onPick(JSON.parse(JSON.stringify(q)), study);
            }}
          >
            Copy this questionnaire
          </button>
        </>
      )}
    </div>
  );
}
