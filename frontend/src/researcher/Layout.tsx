import type { ReactNode } from 'react';
import { Header } from '../components/Header';
import { Link, useLocation } from '../lib/router';

// The researcher pages served by this bundle, in menu order.
const menu = [
  { href: '/create-study', label: 'Create study' },
  { href: '/upload', label: 'Upload stimuli' },
  { href: '/download', label: 'Download data' },
] as const;

/** Layout frames every researcher page: header with the researcher menu, then the page. */
export function Layout({ children }: { children?: ReactNode }) {
  const { path } = useLocation();
  return (
    <>
      <Header label="feedlab · researcher">
        <nav aria-label="Researcher" className="site-header__nav">
          {menu.map((item) => (
            <Link key={item.href} href={item.href} aria-current={path === item.href ? 'page' : undefined}>
              {item.label}
            </Link>
          ))}
        </nav>
      </Header>
      <main id="main" className="page">
        {children}
      </main>
    </>
  );
}
