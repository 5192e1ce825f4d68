// One questionnaire page of the participant flow: the definition rendered by the form
// engine; Next saves the answers and moves to the stored nextRoute, Finish (last page of
// the chain) ends the flow and opens the end modal.
import { useEffect, useState } from 'react';
import { DRAIN_TIMEOUT_MS, drainBeforeLeaving, writeCardAnswers, writeForm, type FormValue } from '../../lib/events';
import { failedAttention, requestExit } from '../flow/exits';
import { outbox } from '../../lib/outbox';
import type { Location } from '../../lib/router';
import { advance, formsBefore, pendingBefore } from '../../lib/session';
import { storage } from '../../lib/storage';
import { useTitle } from '../../lib/useTitle';
import { arrange } from './arrange';
import { EndModal, go, SavingDialog } from '../flow/EndModal';
import { logFormDone, requestCompletionCode, runEndFlow, type EndRecord } from '../flow/endFlow';
import { FormHeader } from './FormHeader';
import { finishedRecord, isLastPage, isPreview } from '../flow/guard';
import { QuestionnaireForm } from './QuestionnaireForm';
import { clearDraft, restoreDraft, saveDraft } from './draft';
import { attentionFailed } from './custom';
import { answersToSave } from './save';
import { ShownCard } from './ShownCard';
import { initialValues, type FormValues } from './schema';
import type { Questionnaire } from './types';
import { t } from '../i18n';

/** QuestionnairePageProps: the page's definition; for a page of a questionnaire that has
 * more pages, more (called with this page's answers once they are queued), a draft key of
 * its own and the answers of its earlier pages (by input name), which a show_if may name. */
interface QuestionnairePageProps {
  definition: Questionnaire;
  location: Location;
  more?: (answers: Record<string, FormValue>) => void;
  draftKey?: string;
  earlier?: FormValues;
}

/** QuestionnairePage serves /form/<name> for one definition (or one page of a custom one). */
export function QuestionnairePage({ definition, location, more, draftKey, earlier }: QuestionnairePageProps) {
  useTitle(definition.title);
  const draftPath = draftKey ?? location.path;
  // Arranged once per visit: topic blocks are reshuffled every time the page is shown.
  const [blocks] = useState(() => arrange(definition));
  const [preview] = useState(() => isPreview(location.query, storage));
  // A questionnaire of forms-before leads back to the feed, never to the end.
  const [isBefore] = useState(() => formsBefore(storage.get('experiment_parameters')).some((f) => `/form/${f}` === location.path));
  const [last] = useState(() => !preview && !more && !isBefore && isLastPage(storage, location.path));
  const [ended, setEnded] = useState<EndRecord | null>(() => (location.query.get('preview') === '1' ? null : finishedRecord(storage)));
  const [saving, setSaving] = useState(false);
  const [previewChecked, setPreviewChecked] = useState(false);
  const [userId] = useState(() => storage.get('user_id') ?? '');
  const [initial] = useState(() => {
    const own = preview ? undefined : restoreDraft(storage, userId, draftPath, definition);
    // Earlier pages' answers ride along (never saved again: answersToSave reads only this
    // page's fields), so a show_if naming an item of an earlier page sees its answer.
    return earlier ? { ...earlier, ...(own ?? initialValues(definition)) } : own;
  });

  // Resend what an earlier page left pending (after a reload, for example).
  useEffect(() => {
    if (!preview) outbox();
  }, [preview]);

  const onSubmit = async (values: FormValues) => {
    const answers = answersToSave(definition, values);
    if (preview) {
      if (more) more(answers);
      else setPreviewChecked(true);
      return;
    }
    if (failedAttention(answers) || attentionFailed(definition, answers)) {
      // A failed attention check ends at the quality-terminate link when the study says so
      // (Lucid code 30); otherwise the server answers none and the participant continues.
      setSaving(true);
      const exit = await requestExit('attention-fail', storage);
      if (exit) {
        writeForm(answers);
        await drainBeforeLeaving(DRAIN_TIMEOUT_MS);
        window.location.replace(exit);
        return;
      }
      setSaving(false);
    }
    if (definition.card) {
      // A cards page: every answer is about its card (write_form's card_fields).
      writeCardAnswers(answers, { entity_id: definition.card.entity.entity_id, position: definition.card.position });
      if (more) {
        clearDraft(storage);
        more(answers);
        return;
      }
    }
    if (more) {
      // The next page of the same questionnaire: this page's answers are queued now.
      writeForm(answers);
      clearDraft(storage);
      more(answers);
      return;
    }
    const rest = definition.card ? {} : answers; // a cards page's answers went with their card
    if (!last) {
      // Queued durably before leaving; the outbox delivers it in the background.
      if (!definition.card) writeForm(rest);
      logFormDone(location.path);
      clearDraft(storage);
      const next = advance(storage, location.path);
      // Before the feed: the next such questionnaire, then the feed itself.
      go(isBefore ? (pendingBefore(storage) ?? '/') : next);
      return;
    }
    setSaving(true);
    try {
      const record = await runEndFlow(rest, location.path, location.query, {
        sink: { box: outbox(), store: storage },
        requestCode: requestCompletionCode,
      });
      clearDraft(storage);
      setEnded(record);
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <FormHeader />
      <main id="main" className="page page--narrow questionnaire-page">
        <h1>{definition.heading}</h1>
        {preview && (
          <p className="questionnaire__preview" role="note">
            {t('form.previewNotSaved')}
          </p>
        )}
        {definition.introHtml ? (
          <div className="questionnaire__intro" dangerouslySetInnerHTML={{ __html: definition.introHtml }} />
        ) : (
          definition.intro && <p className="questionnaire__intro">{definition.intro}</p>
        )}
        {definition.card && <ShownCard card={definition.card} />}
        <QuestionnaireForm
          definition={definition}
          blocks={blocks}
          submitLabel={last ? t('form.finish') : t('form.next')}
          onSubmit={onSubmit}
          busy={saving || ended !== null}
          initial={initial}
          onValuesChange={preview ? undefined : (values) => saveDraft(storage, userId, draftPath, values)}
        />
        {previewChecked && (
          <p role="status" className="questionnaire__preview">
            {t('form.previewValid')}
          </p>
        )}
      </main>
      {saving && <SavingDialog />}
      {ended && !saving && <EndModal record={ended} />}
    </>
  );
}
