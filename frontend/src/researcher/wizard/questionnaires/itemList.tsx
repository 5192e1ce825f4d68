// The edits of a list in the builder (items of a page, questions of a cards item, pages,
// questionnaires): move, duplicate, add, and delete with an Undo the section offers.
import { createContext, useContext, useId, useState } from 'react';
import { getIn, useFormikContext } from 'formik';
import { duplicateItem, freeId, move, newItem } from '../model/questionnaires';
import type { WizardState } from '../model/types';

/** Deleted is what the last delete removed, to put back where it was. */
export interface Deleted {
  label: string;
  listPath: string;
  index: number;
  value: unknown;
}

/** UndoContext receives every delete; the section shows the last with an Undo button. */
export const UndoContext = createContext<(d: Deleted) => void>(() => undefined);

/** useItemList edits the list at listPath in the wizard's state. */
export function useItemList(listPath: string) {
  const { values, setFieldValue } = useFormikContext<WizardState>();
  const onDeleted = useContext(UndoContext);
  const list: unknown[] = getIn(values, listPath) ?? [];
  const set = (next: unknown[]) => void setFieldValue(listPath, next);
  return {
    moveTo: (i: number, j: number) => set(move(list, i, j)),
    duplicate: (i: number, taken: string[]) => set(duplicateItem(list as never, i, taken)),
    remove: (i: number, label: string) => {
      onDeleted({ label, listPath, index: i, value: list[i] });
      set(list.filter((_, k) => k !== i));
    },
    add: (value: unknown) => set([...list, value]),
  };
}

/** restore puts a deleted entry back at its place (or the end, if the list got shorter). */
export function restore(values: WizardState, d: Deleted): unknown[] {
  const list: unknown[] = (getIn(values, d.listPath) ?? []).slice();
  list.splice(Math.min(d.index, list.length), 0, d.value);
  return list;
}

/** AddItem picks a type and adds a fresh item of it at the end of the list. */
export function AddItem({ listPath, types, ids, label, button }: { listPath: string; types: ReadonlyArray<{ type: string; title: string }>; ids: string[]; label: string; button: string }) {
  const list = useItemList(listPath);
  const [type, setType] = useState(types[0].type);
  const id = useId();
  return (
    <div className="qb-add">
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <select id={id} value={type} onChange={(e) => setType(e.currentTarget.value)}>
          {types.map((t) => (
            <option key={t.type} value={t.type}>
              {t.title}
            </option>
          ))}
        </select>
      </div>
      <button type="button" className="button button--small" onClick={() => list.add(newItem(type, freeId('q', ids)))}>
        {button}
      </button>
    </div>
  );
}
