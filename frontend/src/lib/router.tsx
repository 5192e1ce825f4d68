// A tiny history-API router shared by the participant and researcher bundles; a
// dependency would cost a participant's phone more than these few lines.
import { useEffect, useState, type ComponentType, type MouseEvent, type ReactNode } from 'react';

/** Location is the part of window.location the pages route on. */
export interface Location {
  /** path has no trailing slash, except for the root '/'. */
  path: string;
  query: URLSearchParams;
}

// navigate() announces itself with this event: pushState does not fire popstate.
const NAVIGATED = 'feedlab:navigate';

function current(): Location {
  const { pathname, search } = window.location;
  const path = pathname.replace(/\/+$/, '') || '/';
  return { path, query: new URLSearchParams(search) };
}

/** useLocation returns the current location and re-renders when it changes. */
export function useLocation(): Location {
  const [location, setLocation] = useState(current);
  useEffect(() => {
    const update = () => setLocation(current());
    window.addEventListener('popstate', update);
    window.addEventListener(NAVIGATED, update);
    return () => {
      window.removeEventListener('popstate', update);
      window.removeEventListener(NAVIGATED, update);
    };
  }, []);
  return location;
}

/** navigate moves to a same-bundle URL without reloading the page. */
export function navigate(to: string, options: { replace?: boolean } = {}): void {
  if (options.replace) window.history.replaceState(null, '', to);
  else window.history.pushState(null, '', to);
  window.scrollTo(0, 0);
  window.dispatchEvent(new Event(NAVIGATED));
}

/** LinkProps are an anchor's props; href is a path on this origin. */
export interface LinkProps {
  href: string;
  children?: ReactNode;
  className?: string;
  'aria-label'?: string;
  'aria-current'?: 'page';
}

/**
 * Link is an anchor that navigates within the current bundle without a reload.
 * Pages of the other bundle (participant ↔ researcher) must use a plain <a>, so the
 * browser fetches the page that carries their code.
 */
export function Link({ href, children, ...rest }: LinkProps) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    // Leave modified clicks (new tab, download) to the browser.
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      return;
    }
    event.preventDefault();
    navigate(href);
  };
  return (
    <a href={href} onClick={onClick} {...rest}>
      {children}
    </a>
  );
}

/** RouteParams holds the values of a pattern's `:name` segments, decoded. */
export type RouteParams = Record<string, string>;

/** PageProps are what the router hands the page it renders. */
export interface PageProps {
  location: Location;
  /** params are the `:name` segments of the matched pattern (empty for exact paths). */
  params: RouteParams;
}

/**
 * Routes maps path patterns to the page rendered there. A pattern is an exact path
 * ('/about') or has `:name` segments ('/studies/:experiment_id'), each matching exactly
 * one non-empty path segment. Pages that need no params may ignore them.
 */
export type Routes = Record<string, ComponentType<PageProps>>;

/**
 * matchPattern returns the params when path matches pattern, else null. Both are
 * compared segment by segment; a trailing slash on the path does not matter.
 */
export function matchPattern(pattern: string, path: string): RouteParams | null {
  const clean = path.replace(/\/+$/, '') || '/';
  if (pattern === '/' || clean === '/') return pattern === clean ? {} : null;
  const want = pattern.split('/');
  const have = clean.split('/');
  if (want.length !== have.length) return null;
  const params: RouteParams = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i];
    const h = have[i];
    if (w.startsWith(':')) {
      if (h === '') return null;
      try {
        params[w.slice(1)] = decodeURIComponent(h);
      } catch {
        return null; // a malformed %-escape names nothing
      }
    } else if (w !== h) {
      return null;
    }
  }
  return params;
}

/**
 * findRoute picks the route for a path: an exact pattern wins, then the first pattern
 * with `:name` segments (in the object's order) that matches.
 */
export function findRoute<T>(routes: Record<string, T>, path: string): { pattern: string; page: T; params: RouteParams } | null {
  const clean = path.replace(/\/+$/, '') || '/';
  if (Object.prototype.hasOwnProperty.call(routes, clean) && !clean.includes('/:')) {
    return { pattern: clean, page: routes[clean], params: {} };
  }
  for (const pattern of Object.keys(routes)) {
    if (!pattern.includes(':')) continue;
    const params = matchPattern(pattern, clean);
    if (params) return { pattern, page: routes[pattern], params };
  }
  return null;
}

/** Router renders the page for the current path, or notFound for any other path. */
export function Router({ routes, notFound: NotFound }: { routes: Routes; notFound: ComponentType }) {
  const location = useLocation();
  const found = findRoute(routes, location.path);
  if (!found) return <NotFound />;
  const Page = found.page;
  return <Page location={location} params={found.params} />;
}
