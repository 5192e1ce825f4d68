import { useTitle } from '../lib/useTitle';

/** comingSoon makes a placeholder page for a researcher route whose page is not built yet,
 * so links to it from the home page land somewhere sensible rather than on "not found". */
export function comingSoon(title: string) {
  return function ComingSoon() {
    useTitle(title);
    return (
      <section className="page--narrow">
        <h1>{title}</h1>
        <p>This page is coming soon.</p>
      </section>
    );
  };
}
