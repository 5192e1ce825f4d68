// /form/custom-msg, the custom end message (questionnaires spec §2): the researcher's
// message, in a modal with Continue ('modal') or on the page (otherwise). The message is
// shown as the server rendered and sanitized it (load_experiment's texts['custom-msg'], or
// render_custom_msg for the link's message when the page is opened by its URL); until or
// unless that arrives, as plain text from the query string, never as raw HTML.
import { useEffect, useRef, useState } from 'react';
import { apiCall } from '../../lib/api';
import { outbox } from '../../lib/outbox';
import type { Location } from '../../lib/router';
import { advance } from '../../lib/session';
import { storage } from '../../lib/storage';
import { useTitle } from '../../lib/useTitle';
import { Dialog } from './Dialog';
import { EndContent, go, SavingDialog, EndModal } from '../flow/EndModal';
import { endInputs, endScreen, requestCompletionCode, runEndFlow, type EndRecord } from '../flow/endFlow';
import { FormHeader } from './FormHeader';
import { finishedRecord, hasSession, isLastPage, isPreview } from '../flow/guard';

/** CustomMessagePage serves /form/custom-msg. */
export function CustomMessagePage({ location }: { location: Location }) {
  useTitle('Thank you');
  const query = location.query;
  const asModal = (query.get('custom-msg-type') ?? '') === 'modal';
  const text = query.get('custom-msg') ?? '';
  const [preview] = useState(() => isPreview(query, storage));
  const [last] = useState(() => !preview && isLastPage(storage, location.path));
  const [html, setHtml] = useState<string | null>(null);
  const [ended, setEnded] = useState<EndRecord | null>(() => (location.query.get('preview') === '1' ? null : finishedRecord(storage)));
  const [saving, setSaving] = useState(false);
  const [continued, setContinued] = useState(false);
  const started = useRef(false);

  // The sanitized message comes from the server: the condition's own message while the
  // session exists; otherwise (the page opened by its URL) the link's message, rendered
  // and sanitized there with the same policy. Until it arrives, or if it cannot, the text
  // is shown as plain text, never as HTML.
  useEffect(() => {
    let live = true;
    const show = (rendered: unknown) => {
      if (live && typeof rendered === 'string' && rendered !== '') setHtml(rendered);
      return typeof rendered === 'string' && rendered !== '';
    };
    const renderLink = () =>
      text.trim() === ''
        ? Promise.resolve()
        : apiCall<{ data?: { html?: unknown } }>('/v1/render_custom_msg', { text }).then((res) => void show(res.data?.html));
    const fromSession = hasSession(storage)
      ? apiCall<{ data?: { texts?: Record<string, unknown> } }>('/v1/load_experiment', {
          user_id: storage.get('user_id'),
          experiment_id: storage.get('experiment_id'),
          query_params: {},
        }).then((res) => show(res.data?.texts?.['custom-msg']))
      : Promise.resolve(false);
    if (hasSession(storage)) outbox(); // resend what an earlier page left pending
    fromSession
      .catch(() => false)
      .then((shown) => (shown ? undefined : renderLink()))
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
  return (
    <>
      <FormHeader />
      <main id="main" className="page page--narrow questionnaire-page">
        {preview && (
          <p className="questionnaire__preview" role="note">
            Preview: nothing on this page is saved.
          </p>
        )}
        {!asModal && (
          <>
            <h1>Thank you</h1>
            {message}
            {ended ? (
              <section className="end-inline" aria-label="Completion">
                <EndContent record={ended} />
              </section>
            ) : (
              (!last || preview) && (
                <button type="button" className="button" onClick={onContinue}>
                  Continue
                </button>
              )
            )}
          </>
        )}
      </main>
      {showMessageModal && (
        <Dialog labelledBy="custom-msg-title">
          <h2 id="custom-msg-title">A message from the researchers</h2>
          {message}
          <button type="button" className="button" onClick={onContinue}>
            Continue
          </button>
        </Dialog>
      )}
      {saving && <SavingDialog />}
      {asModal && ended && !saving && <EndModal record={ended} />}
    </>
  );
}
