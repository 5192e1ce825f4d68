// The intervention family's views (docs/interventions.md): a text intervention as a pop-up,
// and any text or accuracy-prompt intervention as a card in the feed, which is scrolled
// past like a post, records when it was first seen and how long each visit lasted, and,
// for the accuracy prompt, its answer. A chunk of its own, with the video intervention
// (InterventionParts.tsx): the first card does not wait for them.
import { lazy, Suspense, useEffect, useRef } from 'react';
import { Dialog } from './Dialog';
import { addVisit, recordShown, type InterventionSpec } from './intervention';
import { FEED_NAME, visibilityThreshold } from './rules';
import { t, type MessageKey } from '../i18n';
import { styled } from '../../lib/lazyStyle';
import './interventions.css';

const AccuracyPrompt = lazy(() => import('./AccuracyPrompt').then(styled));

/** TITLES name each type for screen readers (the text's own heading is the researcher's). */
const INTERVENTION_TITLES: Record<string, MessageKey> = {
  accprompt: 'intervention.accprompt',
  literacytip: 'intervention.literacytip',
  socialnorm: 'intervention.socialnorm',
  importance: 'intervention.importance',
};

/** interventionTitle is the type's name in the study's language. */
export function interventionTitle(type: string): string {
  return t(INTERVENTION_TITLES[type] ?? 'intervention.note');
}

/** TextModal is a text intervention as a pop-up: the text and Continue. */
export function TextModal({ spec, html, onDone }: { spec: InterventionSpec; html: string; onDone: () => void }) {
  return (
    <Dialog labelledBy="intervention-title" className="dialog--text dialog--intervention">
      {/* The dialog's name; not a heading, so the researcher's text keeps its own. */}
      <p id="intervention-title" className="visually-hidden">
        {interventionTitle(spec.type)}
      </p>
      <div className="markdown" dangerouslySetInnerHTML={{ __html: html }} />
      <div className="dialog__actions">
        <button type="button" className="button" onClick={onDone} data-autofocus>
          {t('common.continue')}
        </button>
      </div>
    </Dialog>
  );
}

/**
 * InterventionCard is the intervention as a card in the feed. Seen: half of it in view
 * (a visit); each visit's length is kept (addVisit) and sent with the feed's events; the
 * clock of the page (paused while hidden) is not needed, as a hidden tab ends the visit.
 */
export function InterventionCard({
  spec,
  html,
  image,
  answered,
  onAnswer,
  swipe = false,
}: {
  spec: InterventionSpec;
  html: string;
  image: 0 | 1;
  answered: boolean;
  onAnswer: (value: string) => void;
  swipe?: boolean;
}) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    let since = -1;
    const end = () => {
      if (since < 0) return;
      addVisit(performance.now() - since);
      since = -1;
    };
    const io = new IntersectionObserver(
      (entries) => {
        for (const e of entries) {
          if (e.isIntersecting) {
            recordShown(spec);
            if (since < 0) since = performance.now();
          } else end();
        }
      },
      { threshold: Math.min(0.5, visibilityThreshold(window.innerHeight)) },
    );
    io.observe(el);
    const onHidden = () => {
      if (document.visibilityState === 'hidden') end();
    };
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      end();
      io.disconnect();
      document.removeEventListener('visibilitychange', onHidden);
    };
  }, [spec]);
  const title = interventionTitle(spec.type);
  return (
    <article ref={ref} className={`card intervention-card${swipe ? ' card--swipe intervention-card--swipe' : ''}`} data-intervention={spec.type} aria-label={title}>
      <p className="intervention-card__label" aria-hidden="true">
        {t('intervention.cardLabel', { name: FEED_NAME })}
      </p>
      {spec.type === 'accprompt' ? (
        answered ? (
          <>
            {html ? <div className="markdown" dangerouslySetInnerHTML={{ __html: html }} /> : null}
            <p className="intervention-card__thanks" role="status">
              {t('intervention.thanks')}
            </p>
          </>
        ) : (
          <Suspense fallback={null}>
            <AccuracyPrompt image={image} intro={html} inline onSubmit={onAnswer} />
          </Suspense>
        )
      ) : (
        <div className="markdown" dangerouslySetInnerHTML={{ __html: html }} />
      )}
    </article>
  );
}

// The video intervention comes in the same chunk (InterventionParts.tsx).
export { VideoIntervention } from './VideoIntervention';
