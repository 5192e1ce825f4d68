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

/** Routes maps exact paths to the page rendered there. */
export type Routes = Record<string, ComponentType<{ location: Location }>>;

/** Router renders the page for the current path, or notFound for any other path. */
export function Router({ routes, notFound: NotFound }: { routes: Routes; notFound: ComponentType }) {
  const location = useLocation();
  const Page = Object.prototype.hasOwnProperty.call(routes, location.path) ? routes[location.path] : undefined;
  return Page ? <Page location={location} /> : <NotFound />;
}
