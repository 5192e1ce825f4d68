import { useEffect, useState } from 'react';
import { apiCall } from '../../lib/api';

/** FALLBACK_FIGURES are shown until the analytics call answers, and whenever it
 * fails or reports lower numbers (spec: 11 experiments and 15203 users). */
export const FALLBACK_FIGURES = { experiments: 11, users: 15203 } as const;

/** HomeFigures is what the home page shows from the analytics call. */
export interface HomeFigures {
  experiments: number;
  users: number;
  /** contactEmail is set only when the server is configured with one. */
  contactEmail?: string;
}

/** AnalyticsBody is the answer of POST /v1/analytics. */
export interface AnalyticsBody {
  total_experiments?: unknown;
  total_users?: unknown;
  contact_email?: unknown;
}

/** figuresFrom turns an analytics answer into the figures to show, never below the fallbacks. */
export function figuresFrom(body: AnalyticsBody): HomeFigures {
  const figures: HomeFigures = {
    experiments: atLeast(body.total_experiments, FALLBACK_FIGURES.experiments),
    users: atLeast(body.total_users, FALLBACK_FIGURES.users),
  };
  const email = typeof body.contact_email === 'string' ? body.contact_email.trim() : '';
  if (/^[^\s@<>"]+@[^\s@<>"]+$/.test(email)) figures.contactEmail = email;
  return figures;
}

function atLeast(reported: unknown, fallback: number): number {
  // The count may arrive as a number or a numeric string.
  const value = typeof reported === 'string' && reported.trim() !== '' ? Number(reported) : reported;
  return typeof value === 'number' && Number.isFinite(value) && value > fallback ? Math.floor(value) : fallback;
}

/** useHomeFigures starts from the fallbacks and updates them from POST /v1/analytics. */
export function useHomeFigures(): HomeFigures {
  const [figures, setFigures] = useState<HomeFigures>({ ...FALLBACK_FIGURES });
  useEffect(() => {
    let live = true;
    apiCall<AnalyticsBody>('/v1/analytics').then(
      (body) => live && setFigures(figuresFrom(body)),
      (err) => console.error('error getting analytics', err),
    );
    return () => {
      live = false;
    };
  }, []);
  return figures;
}

/** formatCount writes a count with thousands separators (15203 → "15,203"). */
export function formatCount(count: number): string {
  return count.toLocaleString('en-US');
}
