// A researcher's own questionnaire at /form/<name>: its definition comes with the
// participant's experiment parameters (questionnaires), and its pages are shown one after
// the other by the same page component as the built-ins, each page's answers queued when
// the participant moves on.
import { useMemo, useState } from 'react';
import type { Location } from '../../lib/router';
import { paramValue } from '../../lib/session';
import { storage } from '../../lib/storage';
import { chooseCards, customQuestionnaires, enginePages, type CustomQuestionnaire } from './custom';
import { QuestionnairePage } from './QuestionnairePage';

/** customQuestionnaire is the participant's custom questionnaire called name, if any. */
export function customQuestionnaire(name: string): CustomQuestionnaire | undefined {
  return customQuestionnaires(paramValue(storage.get('experiment_parameters') ?? undefined, 'questionnaires')).find((q) => q.name === name);
}

/** CustomQuestionnairePage shows a custom questionnaire's pages in turn. */
export function CustomQuestionnairePage({ definition, location }: { definition: CustomQuestionnaire; location: Location }) {
  // The cards are chosen once per visit, from the feed and lures kept in storage.
  const pages = useMemo(() => {
    const feed = storage.get('entities') ?? [];
    const lures = storage.get('lures') ?? [];
    return enginePages(definition, (it) => chooseCards(it, feed, lures));
  }, [definition]);
  const [page, setPage] = useState(0);
  const next = () => {
    setPage((p) => p + 1);
    window.scrollTo(0, 0);
  };
  return (
    <QuestionnairePage
      key={page}
      definition={pages[page]}
      location={location}
      more={page < pages.length - 1 ? next : undefined}
      draftKey={`${location.path}#${page}`}
    />
  );
}
