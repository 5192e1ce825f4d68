// The intervention views in the feed, loaded as a chunk of their own (InterventionViews.tsx,
// with the video): most conditions show none, and none shows before the first card has
// painted, so a slow phone does not download them first (issue 28). FeedView prefetches
// the chunk for a condition that has an intervention once the first card has its image; a
// view shown before it has arrived appears when it does (a pop-up due at once, an in-feed
// card near the top). While the chunk cannot be fetched the view shows nothing and the load
// is tried again (lib/chunk.ts); the feed stays usable.
import { useEffect, useState, type ComponentProps } from 'react';
import { chunk, useChunk } from '../../lib/chunk';
import { addVisit } from './intervention';
import type * as Views from './InterventionViews';

/** interventionChunk is the intervention views' code. */
export const interventionChunk = chunk(() => import('./InterventionViews'));

export function InterventionCard(props: ComponentProps<typeof Views.InterventionCard>) {
  const { module } = useChunk(interventionChunk);
  return module ? <module.InterventionCard {...props} /> : null;
}

export function TextModal(props: ComponentProps<typeof Views.TextModal>) {
  const { module } = useChunk(interventionChunk);
  return module ? <module.TextModal {...props} /> : null;
}

export function VideoIntervention(props: ComponentProps<typeof Views.VideoIntervention>) {
  const { module } = useChunk(interventionChunk);
  return module ? <module.VideoIntervention {...props} /> : null;
}

/** useOpenTime measures how long a pop-up stays open, kept as its one visit. */
export function useOpenTime(open: boolean) {
  const [since, setSince] = useState(-1);
  useEffect(() => {
    if (open) setSince(performance.now());
  }, [open]);
  return () => {
    if (since >= 0) addVisit(performance.now() - since);
  };
}
