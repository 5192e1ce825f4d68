// The wizard's saved state under the spec's keys (spec §3 "Saved study-form state"). The
// app's lib/storage module types the participant's keys only, so the wizard keeps its own
// five keys here, over the same backends (localStorage, or memory when it is blocked).
import { openLocalStorage, type StorageBackend } from '../../../lib/storage';
import { derive, initialState, resizeParams, sameInEveryFrom } from './state';
import type { EntitySetInfo, ParamRow, StudyParams, WizardState } from './types';

export const KEYS = {
  conditions: 'createStudyConditions',
  params: 'createStudyParams',
  selected: 'createStudyParamsSelected',
  pulledSets: 'createStudyPulledEntitySets',
  conditionSettings: 'createStudyConditionSettings',
} as const;

/** WizardStore reads and writes the wizard's keys; none of its methods throw. */
export interface WizardStore {
  /** load returns the saved form, or a new one (1 condition, sections hidden). */
  load(): WizardState;
  save(state: WizardState): void;
  /** reset clears the saved form (not the cached sets). */
  reset(): void;
  loadSets(): EntitySetInfo[] | undefined;
  saveSets(sets: EntitySetInfo[]): void;
  clearSets(): void;
  /** saveRows keeps the rows last built for Verify or Create (createStudyConditionSettings). */
  saveRows(rows: ParamRow[]): void;
}

export function createWizardStore(backend: StorageBackend | null): WizardStore {
  const memory = new Map<string, string>();
  const read = (key: string): unknown => {
    let raw = memory.get(key) ?? null;
    if (raw === null && backend) {
      try {
        raw = backend.getItem(key);
      } catch {
        raw = null;
      }
    }
    if (raw === null) return undefined;
    try {
      return JSON.parse(raw);
    } catch {
      return undefined;
    }
  };
  const write = (key: string, value: unknown) => {
    const raw = JSON.stringify(value);
    try {
      if (backend) {
        backend.setItem(key, raw);
        memory.delete(key);
        return;
      }
    } catch (err) {
      console.warn(`wizard: cannot save ${key}; keeping it for this page only`, err);
    }
    memory.set(key, raw);
  };
  const remove = (key: string) => {
    memory.delete(key);
    try {
      backend?.removeItem(key);
    } catch {
      // Nothing more to do.
    }
  };

  return {
    load() {
      const fresh = initialState();
      const n = read(KEYS.conditions);
      const params = read(KEYS.params);
      if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || !isParams(params)) return fresh;
      const merged = derive(resizeParams({ ...fresh.params, ...params } as StudyParams, n));
      // A form saved before the "in every condition" switches: on only where the conditions agree.
      if (!params.sameInEvery) merged.sameInEvery = sameInEveryFrom(merged, n);
      return { conditions: n, shown: read(KEYS.selected) === true, params: merged };
    },
    save(state) {
      write(KEYS.conditions, state.conditions);
      write(KEYS.params, state.params);
      write(KEYS.selected, state.shown);
    },
    reset() {
      for (const key of [KEYS.conditions, KEYS.params, KEYS.selected, KEYS.conditionSettings]) remove(key);
    },
    loadSets() {
      const sets = read(KEYS.pulledSets);
      return Array.isArray(sets) ? (sets as EntitySetInfo[]) : undefined;
    },
    saveSets(sets) {
      write(KEYS.pulledSets, sets);
    },
    clearSets() {
      remove(KEYS.pulledSets);
    },
    saveRows(rows) {
      write(KEYS.conditionSettings, rows);
    },
  };
}

// A saved form from an older wizard or a hand-edited store is used only if its lists are lists.
function isParams(v: unknown): v is Partial<StudyParams> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const lists = ['feedTypeParams', 'buttonParams', 'interventionParams', 'algorithmParams', 'customEndMsgParams', 'formsSelected',
    'studyInstructions', 'studyConsent', 'platformParams', 'selectionSets', 'selectedSets'];
  return lists.every((k) => Array.isArray((v as Record<string, unknown>)[k]));
}

/** wizardStore is the wizard's store over localStorage. */
export const wizardStore: WizardStore = createWizardStore(openLocalStorage());
