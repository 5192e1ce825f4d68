// The only questionnaire code in the participant's first load: it fetches the
// questionnaire chunk (FormsApp) with import() when a /form/ page or /viewforms is opened.
import { useEffect, useState, type ComponentType } from 'react';
import type { Location } from '../../lib/router';
import { FormHeader } from './FormHeader';
import { t } from '../i18n';
import { styled } from '../../lib/lazyStyle';

type FormsAppComponent = ComponentType<{ location: Location }>;

let loading: Promise<FormsAppComponent> | null = null;
// Set once the chunk has arrived, so a page opened after preloadForms renders at once.
let loaded: FormsAppComponent | null = null;

/** preloadForms starts fetching the questionnaires (the feed may call it near its end so
 * the first questionnaire opens at once). */
export function preloadForms(): Promise<FormsAppComponent> {
  if (!loading) {
    loading = import('./FormsApp')
      .then(styled)
      .then((m) => (loaded = m.FormsApp));
    loading.catch(() => {
      loading = null;
    });
  }
  return loading;
}

/** FormsRoute renders the questionnaire pages once their code has arrived. */
export function FormsRoute({ location }: { location: Location }) {
  const [App, setApp] = useState<FormsAppComponent | null>(() => loaded);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (App) return;
    let live = true;
    preloadForms()
      .then((component) => {
        if (live) setApp(() => component);
      })
      .catch((err) => {
        console.error('forms: could not load the questionnaires', err);
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [App]);

  if (App) return <App location={location} />;
  return <FormsLoading failed={failed} />;
}

/** FormsLoading is a questionnaire page while its code or its definition is on its way,
 * or the way to try again when it could not come. */
export function FormsLoading({ failed }: { failed: boolean }) {
  return (
    <>
      <FormHeader />
      <main id="main" className="page page--narrow">
        {failed ? (
          <div role="alert">
            <p>{t('form.loadFailed')}</p>
            <button type="button" className="button" onClick={() => window.location.reload()}>
              {t('common.tryAgain')}
            </button>
          </div>
        ) : (
          <p role="status" className="questionnaire__loading">
            Loading…
          </p>
        )}
      </main>
    </>
  );
}
