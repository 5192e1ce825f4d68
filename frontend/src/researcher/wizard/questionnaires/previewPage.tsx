// The participant's own form engine rendering one page of a questionnaire being built:
// loaded with import() by PagePreview.tsx, so the engine (and Yup) stay out of the
// researcher's first load. Answers go nowhere; Next only runs the page's checks.
import { useMemo, useState } from 'react';
import { arrange } from '../../../participant/forms/arrange';
import { enginePages } from '../../../participant/forms/custom';
import { QuestionnaireForm } from '../../../participant/forms/QuestionnaireForm';
import { ShownCard } from '../../../participant/forms/ShownCard';
import type { Questionnaire } from '../model/types';
import '../../../participant/forms/forms.css';

/** SAMPLE_CARD stands in for a feed card: the builder has no participant's feed. */
const SAMPLE_CARD = { entity_id: 'sample', entity_url: '', idx: 0, headline: 'A sample post: each card this participant saw is shown here' };

/** EnginePreview shows page `page` of q as the participant's form engine renders it. */
export function EnginePreview({ q, page }: { q: Questionnaire; page: number }) {
  const pages = useMemo(() => {
    const one = { ...q, pages: [q.pages[page]] };
    return enginePages(one, () => [{ entity: SAMPLE_CARD, lure: false }]);
  }, [q, page]);
  const [checked, setChecked] = useState(false);
  return (
    <div className="questionnaire-page">
      {pages.map((p, i) => (
        <div key={i}>
          <h1>{q.title}</h1>
          {p.intro && <p className="questionnaire__intro">{p.intro}</p>}
          {p.card && <ShownCard card={p.card} />}
          <QuestionnaireForm definition={p} blocks={arrange(p)} submitLabel="Next" onSubmit={() => setChecked(true)} />
        </div>
      ))}
      {checked && <p role="status">Preview: these answers are valid. Nothing was saved.</p>}
    </div>
  );
}
