import type { ReactNode } from 'react';
import { Link, type PageProps } from '../../lib/router';
import { useTitle } from '../../lib/useTitle';

/** placeholder makes the page for a researcher route whose feature comes later: it says
 * what will be there and, meanwhile, the command that does it, so a link to it lands
 * somewhere calm rather than on "not found". */
export function placeholder(title: string, what: ReactNode, meanwhile?: ReactNode) {
  return function Placeholder(_: PageProps) {
    useTitle(title);
    return (
      <section className="page--narrow" aria-labelledby="placeholder-title">
        <h1 id="placeholder-title">{title}</h1>
        <p>{what}</p>
        <div className="notice">
          <p>This page is not ready yet.</p>
          {meanwhile && <p>Meanwhile, on the machine that runs feedlab: {meanwhile}</p>}
        </div>
        <p>
          <Link href="/studies">Back to My studies</Link>
        </p>
      </section>
    );
  };
}
