// A questionnaire at /form/<name>, built-in or a study's own: its definition comes from
// the server, with the participant's experiment parameters (questionnaires, only their
// condition's) or, for a built-in opened without it (a preview), from
// /v1/questionnaires/<name>. Its pages are shown one after the other, each page's answers
// queued when the participant moves on.
import { useEffect, useMemo, useState } from 'react';
import { apiCall } from '../../lib/api';
import type { FeedEntity } from '../../lib/feedTypes';
import type { Location } from '../../lib/router';
import { paramValue } from '../../lib/session';
import { storage } from '../../lib/storage';
import { language } from '../i18n';
import { carryAnswers, chooseCards, customQuestionnaires, enginePages, type CardChoice, type CustomQuestionnaire } from './custom';
import { QuestionnairePage } from './QuestionnairePage';

/** receivedQuestionnaire is the questionnaire called name that the participant received
 * with their condition, if any. */
export function receivedQuestionnaire(name: string): CustomQuestionnaire | undefined {
  return customQuestionnaires(paramValue(storage.get('experiment_parameters') ?? undefined, 'questionnaires')).find((q) => q.name === name);
}

/** builtinQuestionnaire asks the server for a built-in's definition (texts rendered), in
 * the page's language: feedlab's translation when it has one, else English. */
export async function builtinQuestionnaire(name: string): Promise<CustomQuestionnaire> {
  const lang = language();
  const query = lang === 'en' ? '' : `?language=${encodeURIComponent(lang)}`;
  const res = await apiCall<{ data: { questionnaire: CustomQuestionnaire } }>(`/v1/questionnaires/${encodeURIComponent(name)}${query}`, undefined, { method: 'GET' });
  return res.data.questionnaire;
}

/** Progress is form_progress: the participant, the questionnaire's path, the page reached,
 * each cards item's cards (entity id and lure flag, in the order asked) and the answers of
 * the pages before it (by input name, for a show_if naming an earlier page's item). */
interface Progress {
  user_id: string;
  path: string;
  page: number;
  cards: Record<string, Array<[string, boolean]>>;
  answers: Record<string, string | string[]>;
}

// progressOf reads the stored progress when it is this participant's in this questionnaire.
function progressOf(path: string): Progress {
  const userId = storage.get('user_id') ?? '';
  const p = storage.get('form_progress') as Partial<Progress> | undefined;
  if (p && p.user_id === userId && p.path === path && typeof p.page === 'number' && p.cards && typeof p.cards === 'object') {
    return { ...(p as Progress), answers: p.answers && typeof p.answers === 'object' ? p.answers : {} };
  }
  return { user_id: userId, path, page: 0, cards: {}, answers: {} };
}

// storedChoice turns stored card ids back into cards; undefined when one is gone.
function storedChoice(ids: Array<[string, boolean]> | undefined, feed: FeedEntity[], lures: FeedEntity[]): CardChoice[] | undefined {
  if (!Array.isArray(ids)) return undefined;
  const out: CardChoice[] = [];
  for (const [id, lure] of ids) {
    const entity = (lure ? lures : feed).find((e) => e.entity_id === id);
    if (!entity) return undefined;
    out.push({ entity, lure });
  }
  return out;
}

/** CustomQuestionnairePage shows a custom questionnaire's pages in turn, resuming after a
 * reload at the page reached, with the same cards. */
export function CustomQuestionnairePage({ definition, location }: { definition: CustomQuestionnaire; location: Location }) {
  const [progress] = useState(() => progressOf(location.path));
  // The cards are chosen once, from the feed and lures kept in storage, and remembered.
  const pages = useMemo(() => {
    const feed = storage.get('entities') ?? [];
    const lures = storage.get('lures') ?? [];
    return enginePages(definition, (it) => {
      const choice = storedChoice(progress.cards[it.id], feed, lures) ?? chooseCards(it, feed, lures);
      progress.cards[it.id] = choice.map((c) => [c.entity.entity_id, c.lure]);
      return choice;
    });
  }, [definition]);
  const [page, setPage] = useState(() => Math.min(progress.page, pages.length - 1));
  useEffect(() => {
    storage.set('form_progress', { ...progress, page });
  }, [page]);
  const next = (answers: Record<string, unknown>) => {
    progress.answers = carryAnswers(progress.answers, answers);
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
      earlier={progress.answers}
    />
  );
}
