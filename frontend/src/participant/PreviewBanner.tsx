// The banner of a researcher's preview (Preview condition N on the study page): the feed
// and the questionnaires look as a participant's do, so without it a researcher who hands
// the tab to a colleague, or comes back to it later, cannot tell a test run from the study.
import type { SessionStore } from '../lib/storage';
import { t } from './i18n';

/**
 * isStudyPreview is true while the session came by a study page's preview link: its
 * arrival parameters carry the preview token (kept in the session, so every page of the
 * flow knows). The questionnaires' own ?preview=1 (a page shown alone, nothing saved) has
 * its own note.
 */
export function isStudyPreview(query: URLSearchParams, store: SessionStore): boolean {
  const token = query.get('preview') ?? store.get('queryParams')?.preview ?? '';
  return token !== '' && token !== '1';
}

/** PreviewBanner says, on every page of a preview, that it is not a participant's run. */
export function PreviewBanner() {
  return (
    <aside className="preview-banner" aria-label={t('common.preview')}>
      <strong>{t('preview.title')}</strong> {t('preview.text')}
    </aside>
  );
}
