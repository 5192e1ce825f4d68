// /form/custom-msg, the custom end message (questionnaires spec §2): the researcher's
// message, in a modal with Continue ('modal') or on the page (otherwise). The message is
// shown as the server rendered and sanitized it (load_experiment's texts['custom-msg']);
// until or unless that arrives, as plain text from the participant's stored study
// parameters, never as raw HTML. The spec has the page read its message and redirect-url
// from the query string; feedlab does not (issue 13, item 8, docs/decisions.md): a crafted
// link could then make the appliance show any text and any completion link. Outside a
// participant's session the page shows a fixed example (?preview=1) or a notice.
import { useEffect, useRef, useState } from 'react';
import { apiCall } from '../../lib/api';
import { outbox } from '../../lib/outbox';
import type { Location } from '../../lib/router';
import { advance, paramValue } from '../../lib/session';
import { storage } from '../../lib/storage';
import { useTitle } from '../../lib/useTitle';
import { Dialog } from './Dialog';
import { EndContent, go, SavingDialog, EndModal } from '../flow/EndModal';
import { endInputs, endScreen, requestCompletionCode, runEndFlow, type EndRecord } from '../flow/endFlow';
import { FormHeader } from './FormHeader';
import { CUSTOM_MESSAGE_EXAMPLE_TEXT } from './names';
import { finishedRecord, hasSession, isLastPage, isPreview } from '../flow/guard';
import { t } from '../i18n';

/** CustomMessagePage serves /form/custom-msg. */
export function CustomMessagePage({ location }: { location: Location }) {
  useTitle(t('message.pageTitle'));
  const query = location.query;
  // The layout may follow the query (it is harmless); the words never do.
  const asModal = (query.get('custom-msg-type') ?? '') === 'modal';
  const [preview] = useState(() => isPreview(query, storage));
  const [text] = useState(() =>
    preview ? CUSTOM_MESSAGE_EXAMPLE_TEXT : (paramValue(storage.get('experiment_parameters'), 'custom-msg') ?? ''),
  );
  const [last] = useState(() => !preview && isLastPage(storage, location.path));
  const [html, setHtml] = useState<string | null>(null);
  const [ended, setEnded] = useState<EndRecord | null>(() => (location.query.get('preview') === '1' ? null : finishedRecord(storage)));
  const [saving, setSaving] = useState(false);
  const [continued, setContinued] = useState(false);
  const started = useRef(false);

  // The sanitized message comes from the server; asked once while the session exists.
  useEffect(() => {
    if (!hasSession(storage)) return;
    outbox(); // resend what an earlier page left pending
    let live = true;
    apiCall<{ data?: { texts?: Record<string, unknown> } }>('/v1/load_experiment', {
      user_id: storage.get('user_id'),
      experiment_id: storage.get('experiment_id'),
      query_params: {},
    })
      .then((res) => {
        const rendered = res.data?.texts?.['custom-msg'];
        if (live && typeof rendered === 'string' && rendered !== '') setHtml(rendered);
      })
      .catch((err) => console.warn('custom message: showing the plain text', err));
    return () => {
      live = false;
    };
  }, []);

  const end = async () => {
    if (started.current) return;
    started.current = true;
    if (preview) {
      // Nothing to save: show what the participant would see.
      setEnded({ screen: endScreen(endInputs(query, storage, '')), checkpoint: null });
      return;
    }
    setSaving(true);
    try {
      setEnded(
        await runEndFlow(null, location.path, query, { sink: { box: outbox(), store: storage }, requestCode: requestCompletionCode }),
      );
    } finally {
      setSaving(false);
    }
  };

  const onContinue = () => {
    setContinued(true);
    if (!preview && !last) go(advance(storage, location.path));
    else void end();
  };

  // On the page, the message is the final screen: the flow ends as it is shown.
  useEffect(() => {
    if (!asModal && last && ended === null) void end();
  }, []);

  const message = html !== null ? (
    <div className="custom-msg" dangerouslySetInnerHTML={{ __html: html }} />
  ) : (
    <div className="custom-msg">
      {text.split(/\n{2,}/).map((para, i) => (
        <p key={i}>
          {para.split('\n').map((line, j) => (
            <span key={j}>
              {j > 0 && <br />}
              {line}
            </span>
          ))}
        </p>
      ))}
    </div>
  );

  const showMessageModal = asModal && !continued && ended === null;
  if (!hasSession(storage) && query.get('preview') !== '1' && ended === null) {
    // Someone followed a link to the end page without taking part in a study here.
    return (
      <>
        <FormHeader />
        <main id="main" className="page page--narrow questionnaire-page">
          <h1>{t('message.noStudy')}</h1>
          <p>{t('message.noStudyText')}</p>
        </main>
      </>
    );
  }
  return (
    <>
      <FormHeader />
      <main id="main" className="page page--narrow questionnaire-page">
        {preview && (
          <p className="questionnaire__preview" role="note">
            {t('message.previewNothing')}
          </p>
        )}
        {!asModal && (
          <>
            <h1>{t('message.thanks')}</h1>
            {message}
            {ended ? (
              <section className="end-inline" aria-label={t('message.completion')}>
                <EndContent record={ended} />
              </section>
            ) : (
              (!last || preview) && (
                <button type="button" className="button" onClick={onContinue}>
                  {t('common.continue')}
                </button>
              )
            )}
          </>
        )}
      </main>
      {showMessageModal && (
        <Dialog labelledBy="custom-msg-title">
          <h2 id="custom-msg-title">{t('message.fromResearchers')}</h2>
          {message}
          <button type="button" className="button" onClick={onContinue}>
            {t('common.continue')}
          </button>
        </Dialog>
      )}
      {saving && <SavingDialog />}
      {asModal && ended && !saving && <EndModal record={ended} />}
    </>
  );
}
