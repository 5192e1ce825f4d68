import { useEffect, useState } from 'react';
import { apiCall } from '../../lib/api';

/** HomeFigures is what the home page shows from the analytics call: the appliance's own
 * counts (undefined until they arrive; no invented figure stands in for them). */
export interface HomeFigures {
  experiments?: number;
  users?: number;
  /** contact is set only when the server is started with --contact. */
  contact?: { href: string; text: string };
}

/** AnalyticsBody is the answer of POST /v1/analytics. */
export interface AnalyticsBody {
  total_experiments?: unknown;
  total_users?: unknown;
  contact_email?: unknown;
  contact_url?: unknown;
}

/** figuresFrom turns an analytics answer into the figures to show. */
export function figuresFrom(body: AnalyticsBody): HomeFigures {
  const figures: HomeFigures = { experiments: count(body.total_experiments), users: count(body.total_users) };
  const email = typeof body.contact_email === 'string' ? body.contact_email.trim() : '';
  const url = typeof body.contact_url === 'string' ? body.contact_url.trim() : '';
  if (/^[^\s@<>"]+@[^\s@<>"]+$/.test(email)) figures.contact = { href: `mailto:${email}`, text: email };
  else if (/^https:\/\/[^\s<>"]+$/.test(url)) figures.contact = { href: url, text: url.replace(/^https:\/\//, '') };
  return figures;
}

function count(reported: unknown): number | undefined {
  // The count may arrive as a number or a numeric string.
  const value = typeof reported === 'string' && reported.trim() !== '' ? Number(reported) : reported;
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.floor(value) : undefined;
}

/** useHomeFigures asks POST /v1/analytics once; until it answers (or when it fails) no
 * figure is shown. */
export function useHomeFigures(): HomeFigures {
  const [figures, setFigures] = useState<HomeFigures>({});
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
