// A researcher page's heavy part (the charts' uPlot, the questionnaire preview's form
// engine) is a chunk loaded on first use. lazyModule gives the hook that loads it once for
// every page that asks, and says when it failed (a reload may fetch it; React's lazy would
// need an error boundary to say so).
import { useEffect, useState } from 'react';

/** lazyModule returns a hook answering the module once loaded, 'failed' if it could not be
 * fetched (the next use tries again), or null while it loads. */
export function lazyModule<M>(load: () => Promise<M>): () => M | 'failed' | null {
  let loading: Promise<M> | null = null;
  return function useLazyModule() {
    const [mod, setMod] = useState<M | 'failed' | null>(null);
    useEffect(() => {
      let live = true;
      loading ??= load();
      loading.then(
        (m) => live && setMod(() => m),
        () => {
          loading = null;
          if (live) setMod('failed');
        },
      );
      return () => {
        live = false;
      };
    }, []);
    return mod;
  };
}
