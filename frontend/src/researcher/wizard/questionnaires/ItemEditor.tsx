// One item of a questionnaire in the builder: its common fields (id, question, required,
// help, show_if) and the fields of its type. Every field writes straight into the wizard's
// Formik state at the item's path, so the saved form, Verify and Create see each keystroke.
import { useId, type DragEvent, type ReactNode } from 'react';
import { getIn, useFormikContext } from 'formik';
import { CheckboxField, NumberField, SelectField, TextField } from '../../fields';
import { CARD_ITEM_TYPES, ITEM_TYPES, type Item } from '../model/questionnaires';
import type { WizardState } from '../model/types';
import { AddItem, useItemList } from './itemList';

const typeTitle = (type: string) => ITEM_TYPES.find((t) => t.type === type)?.title ?? type;

export interface ItemEditorProps {
  /** listPath is the Formik path of the list holding the item; index its place there. */
  listPath: string;
  index: number;
  count: number;
  /** earlier are the ids an item's show_if may name (those above it). */
  earlier: string[];
  /** allIds are every id in the item's scope, for a duplicate's new id. */
  allIds: string[];
}

/** ItemEditor edits one item; it is an <li> that can be dragged by its grip within its list. */
export function ItemEditor({ listPath, index, count, earlier, allIds }: ItemEditorProps) {
  const { values } = useFormikContext<WizardState>();
  const path = `${listPath}.${index}`;
  const item: Item = getIn(values, path);
  const list = useItemList(listPath);
  const headingId = useId();
  if (!item) return null;
  const choices = item.type === 'single' || item.type === 'multi' || item.type === 'attention';

  const onDragStart = (e: DragEvent<HTMLSpanElement>) => {
    if (!e.dataTransfer) return;
    e.dataTransfer.setData('application/x-feedlab-item', JSON.stringify({ listPath, index }));
    e.dataTransfer.effectAllowed = 'move';
  };
  const onDrop = (e: DragEvent<HTMLLIElement>) => {
    const raw = e.dataTransfer?.getData('application/x-feedlab-item');
    if (!raw) return;
    e.preventDefault();
    e.stopPropagation();
    const from = JSON.parse(raw) as { listPath: string; index: number };
    if (from.listPath === listPath) list.moveTo(from.index, index);
  };

  return (
    <li
      className="qb-item"
      onDragOver={(e) => e.dataTransfer?.types.includes('application/x-feedlab-item') && e.preventDefault()}
      onDrop={onDrop}
    >
      <div role="group" aria-labelledby={headingId}>
        <div className="qb-item__head">
          <h5 id={headingId}>
            {/* Only the grip drags (text in the fields stays selectable); keyboard users have Move up and down. */}
            <span aria-hidden="true" className="qb-grip" title="Drag to move" draggable onDragStart={onDragStart}>
              ⠿
            </span>{' '}
            Item {item.id} <span className="muted">· {typeTitle(item.type)}</span>
          </h5>
          <span className="qb-item__moves">
            <button type="button" className="button button--quiet button--small" disabled={index === 0} onClick={() => list.moveTo(index, index - 1)}>
              Move up
            </button>
            <button type="button" className="button button--quiet button--small" disabled={index === count - 1} onClick={() => list.moveTo(index, index + 1)}>
              Move down
            </button>
            <button type="button" className="button button--quiet button--small" onClick={() => list.duplicate(index, allIds)}>
              Duplicate
            </button>
            <button type="button" className="button button--quiet button--small" onClick={() => list.remove(index, `item ${item.id}`)}>
              Delete
            </button>
          </span>
        </div>
        <div className="qb-item__fields">
          <TextField name={`${path}.id`} label="ID" hint="Names the answer in the exports: a letter first, then letters, digits, _ or -." />
          <TextField name={`${path}.text`} label="Question (markdown)" multiline={2} />
          <RequiredBox path={path} />
          <TextField name={`${path}.help`} label="Help line (optional)" />
          <ShowIf path={path} item={item} earlier={earlier} />
          {choices && <OptionsEditor path={path} item={item} />}
          {item.type === 'attention' && (
            <SelectField
              name={`${path}.expect`}
              label="Answer that passes"
              options={[{ value: '', label: '(choose)' }, ...(item.options ?? []).map((o) => ({ value: o.value, label: o.label || o.value }))]}
            />
          )}
          {item.type === 'multi' && (
            <div className="qb-row">
              <NumberField name={`${path}.min`} label="At least this many ticked" min={0} />
              <NumberField name={`${path}.max`} label="At most this many ticked" min={1} />
            </div>
          )}
          {(item.type === 'likert' || item.type === 'matrix') && (
            <>
              <NumberField name={`${path}.points`} label="Points (3 to 11)" min={3} max={11} />
              <LinesField path={`${path}.labels`} label="Scale labels, one per line" hint="Two lines label the ends; or one line per point." />
            </>
          )}
          {item.type === 'matrix' && <StatementsEditor path={path} item={item} />}
          {item.type === 'slider' && (
            <>
              <div className="qb-row">
                <NumberField name={`${path}.min`} label="Lowest value" />
                <NumberField name={`${path}.max`} label="Highest value" />
                <NumberField name={`${path}.step`} label="Step" />
                <NumberField name={`${path}.default`} label="Start at (optional)" />
              </div>
              <LinesField path={`${path}.labels`} label="End labels, one per line (optional)" />
            </>
          )}
          {item.type === 'number' && (
            <div className="qb-row">
              <NumberField name={`${path}.min`} label="Smallest allowed (optional)" />
              <NumberField name={`${path}.max`} label="Largest allowed (optional)" />
              <CheckboxField name={`${path}.integer`} label="Whole numbers only" />
            </div>
          )}
          {(item.type === 'text' || item.type === 'textarea') && <NumberField name={`${path}.max_length`} label="Longest answer in characters (optional)" min={1} max={2000} />}
          {item.type === 'cards' && <CardsFields path={path} item={item} />}
        </div>
      </div>
    </li>
  );
}

/** RequiredBox: required is the format's default, so an absent key is ticked. */
function RequiredBox({ path }: { path: string }) {
  const { values, setFieldValue } = useFormikContext<WizardState>();
  const required = getIn(values, `${path}.required`) !== false;
  return (
    <label className="choice">
      <input type="checkbox" checked={required} onChange={(e) => void setFieldValue(`${path}.required`, e.currentTarget.checked)} />
      <span>Required</span>
    </label>
  );
}

/** ShowIf asks the item only when an earlier item's answer is a value. */
function ShowIf({ path, item, earlier }: { path: string; item: Item; earlier: string[] }) {
  const { setFieldValue } = useFormikContext<WizardState>();
  const id = useId();
  const on = item.show_if?.item ?? '';
  return (
    <div className="qb-row">
      <div className="field">
        <label htmlFor={id}>Show only if</label>
        <select
          id={id}
          value={on}
          onChange={(e) => {
            const target = e.currentTarget.value;
            void setFieldValue(`${path}.show_if`, target ? { item: target, equals: item.show_if?.equals ?? '' } : undefined);
          }}
        >
          <option value="">Always shown</option>
          {earlier.map((x) => (
            <option key={x} value={x}>
              the answer to {x}
            </option>
          ))}
        </select>
      </div>
      {on && <TextField name={`${path}.show_if.equals`} label="is this value" hint="The stored value: an option's value, or a scale point's number." />}
    </div>
  );
}

/** OptionsEditor edits a choice item's options (value, label), their order and Other. */
function OptionsEditor({ path, item }: { path: string; item: Item }) {
  return (
    <PairsEditor
      path={`${path}.options`}
      rows={item.options ?? []}
      legend="Options"
      noun="Option"
      fields={['value', 'label']}
      labels={['value', 'label']}
      fresh={(n) => ({ value: String(n), label: `Option ${n}` })}
    >
      <CheckboxField name={`${path}.randomize_options`} label="Randomize the option order" />
      {item.type !== 'attention' && <CheckboxField name={`${path}.other`} label="Offer Other with a text box" />}
    </PairsEditor>
  );
}

/** StatementsEditor edits a matrix's statements (id, text). */
function StatementsEditor({ path, item }: { path: string; item: Item }) {
  return (
    <PairsEditor
      path={`${path}.statements`}
      rows={item.statements ?? []}
      legend="Statements"
      noun="Statement"
      fields={['id', 'text']}
      labels={['ID', 'text']}
      fresh={(n) => ({ id: `s${n}`, text: `Statement ${n}` })}
    />
  );
}

/**
 * PairsEditor edits a list of two-field rows (an option's value and label, a statement's id
 * and text): a row of two fields each, Remove, and Add, which takes the first number whose
 * key (the first field) no row uses yet.
 */
function PairsEditor<K extends string>(props: {
  path: string;
  rows: Array<Record<K, string>>;
  legend: string;
  noun: string;
  fields: [K, K];
  labels: [string, string];
  fresh: (n: number) => Record<K, string>;
  children?: ReactNode;
}) {
  const { path, rows, legend, noun, fields, labels, fresh, children } = props;
  const { setFieldValue } = useFormikContext<WizardState>();
  const set = (next: typeof rows) => void setFieldValue(path, next);
  const add = () => {
    let n = rows.length + 1;
    while (rows.some((r) => r[fields[0]] === fresh(n)[fields[0]])) n++;
    set([...rows, fresh(n)]);
  };
  return (
    <fieldset className="qb-options">
      <legend>{legend}</legend>
      <ol>
        {rows.map((_, k) => (
          <li key={k} className="qb-row">
            <TextField name={`${path}.${k}.${fields[0]}`} label={`${noun} ${k + 1} ${labels[0]}`} />
            <TextField name={`${path}.${k}.${fields[1]}`} label={`${noun} ${k + 1} ${labels[1]}`} />
            <button type="button" className="button button--quiet button--small" onClick={() => set(rows.filter((__, j) => j !== k))} aria-label={`Remove ${noun.toLowerCase()} ${k + 1}`}>
              Remove
            </button>
          </li>
        ))}
      </ol>
      <button type="button" className="button button--quiet button--small" onClick={add}>
        Add {noun.toLowerCase()}
      </button>
      {children}
    </fieldset>
  );
}

/** LinesField edits a list of strings as the lines of a textarea. */
function LinesField({ path, label, hint }: { path: string; label: string; hint?: string }) {
  const { values, setFieldValue } = useFormikContext<WizardState>();
  const id = useId();
  const lines: string[] = getIn(values, path) ?? [];
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      <textarea id={id} rows={2} aria-describedby={hint ? `${id}-hint` : undefined} value={lines.join('\n')} onChange={(e) => void setFieldValue(path, e.currentTarget.value === '' ? undefined : e.currentTarget.value.split('\n'))} />
    </div>
  );
}

/** CardsFields: how the cards are chosen, and the questions asked about each. */
function CardsFields({ path, item }: { path: string; item: Item }) {
  const sub = item.items ?? [];
  const ids = sub.map((s) => s.id);
  return (
    <>
      <div className="qb-row">
        <SelectField
          name={`${path}.order`}
          label="Card order"
          options={[
            { value: 'feed', label: 'As shown in the feed' },
            { value: 'shuffled', label: 'Shuffled' },
          ]}
        />
        <NumberField name={`${path}.sample`} label="How many cards (empty: all shown)" min={1} />
        <NumberField name={`${path}.lures`} label="Lures: cards not shown, mixed in" min={0} />
      </div>
      <fieldset className="qb-cards">
        <legend>Questions about each card</legend>
        <ol className="qb-items">
          {sub.map((_, k) => (
            <ItemEditor key={k} listPath={`${path}.items`} index={k} count={sub.length} earlier={ids.slice(0, k)} allIds={ids} />
          ))}
        </ol>
        <AddItem listPath={`${path}.items`} types={CARD_ITEM_TYPES} ids={ids} label="Type of the new card question" button="Add card question" />
      </fieldset>
    </>
  );
}
