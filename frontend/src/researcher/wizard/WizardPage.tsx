// Placeholder until the study wizard lands (helper D overwrites this file).
import type { PageProps } from '../../lib/router';
import { useTitle } from '../../lib/useTitle';

/** WizardPage is the study-creation wizard (/create-study and /create-study-old). */
export function WizardPage(_: PageProps) {
  useTitle('Specify study parameters');
  return (
    <section className="page--narrow">
      <h1>Specify study parameters</h1>
      <p>The study wizard is on its way.</p>
    </section>
  );
}
