// What the wizard needs from the server before it can show its sections: the capabilities
// (algorithms, interventions, questionnaires, platforms…) and the stimulus sets, the latter
// pulled in the background and cached under createStudyPulledEntitySets (spec §4).
import { useCallback, useEffect, useState } from 'react';
import { capabilities, pullEntitySets, type Capabilities } from '../api';
import { errorMessage } from '../messages';
import { wizardStore } from './model/storage';
import type { EntitySetInfo } from './model/types';
import type { SetsState } from './sections';

export interface CapsState {
  caps: Capabilities | null;
  error: string;
  retry: () => void;
}

export function useCapabilities(): CapsState {
  const [caps, setCaps] = useState<Capabilities | null>(null);
  const [error, setError] = useState('');
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setError('');
    capabilities()
      .then((c) => live && setCaps(c))
      .catch((err) => live && setError(errorMessage(err)));
    return () => {
      live = false;
    };
  }, [attempt]);
  return { caps, error, retry: useCallback(() => setAttempt((a) => a + 1), []) };
}

/** useEntitySets shows the cached sets at once and replaces them with a fresh pull. A
 * failed pull is logged and clears the cache (spec §4, §8); the sets already on the page
 * stay usable. */
export function useEntitySets(): SetsState {
  const [sets, setSets] = useState<EntitySetInfo[]>(() => wizardStore.loadSets() ?? []);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setLoading(true);
    pullEntitySets()
      .then((list) => {
        wizardStore.saveSets(list);
        if (!live) return;
        setSets(list);
        setFailed(false);
      })
      .catch((err) => {
        console.error('wizard: could not pull the entity sets', err);
        wizardStore.clearSets();
        if (live) setFailed(true);
      })
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [attempt]);
  return { sets, loading, failed, retry: useCallback(() => setAttempt((a) => a + 1), []) };
}
