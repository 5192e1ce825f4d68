import { useEffect, useRef, type ReactNode } from 'react';
import { Header } from '../components/Header';
import { Link, useLocation } from '../lib/router';
import { useAuth } from './auth';

// The researcher pages, in menu order. A page is current when the path is the item's
// path or below it (/studies/abc is under My studies).
const menu = [
  { href: '/studies', label: 'My studies' },
  { href: '/create-study', label: 'Create study' },
  { href: '/upload', label: 'Upload stimuli' },
  { href: '/sets', label: 'Stimulus library' },
  { href: '/download', label: 'Download data' },
  { href: '/signups', label: 'Sign-ups' },
] as const;

function isCurrent(path: string, href: string): boolean {
  return path === href || path.startsWith(`${href}/`) || (href === '/create-study' && path === '/create-study-old');
}

/** Layout frames every researcher page: the header with who is signed in and Sign out,
 * the researcher menu (when signed in), then the page in <main id="main">. */
export function Layout({ children }: { children?: ReactNode }) {
  const { path } = useLocation();
  const { researcher, status, signOut } = useAuth();
  // After moving to another page within the bundle, put focus at the start of the new
  // page (as a page load would), so keyboard and screen-reader users start there.
  const main = useRef<HTMLElement>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    main.current?.focus({ preventScroll: true });
  }, [path]);
  return (
    <>
      <Header label="feedlab · researcher">
        {status === 'signed-in' && researcher && (
          <div className="account">
            <span className="account__name">
              Signed in as <strong>{researcher.name}</strong>
            </span>
            <button type="button" className="button button--small button--on-dark" onClick={() => void signOut()}>
              Sign out
            </button>
          </div>
        )}
      </Header>
      {status === 'signed-in' && (
        <nav aria-label="Researcher" className="researcher-nav">
          <ul>
            {menu.map((item) => (
              <li key={item.href}>
                <Link href={item.href} aria-current={isCurrent(path, item.href) ? 'page' : undefined}>
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <main id="main" className="page" tabIndex={-1} ref={main}>
        {children}
      </main>
    </>
  );
}
