import { useTitle } from '../lib/useTitle';
import { t } from '../participant/i18n';

/** NotFound is the content for any path no route claims; its image links home.
 * The caller supplies the <main> so it fits either bundle's layout. */
export function NotFound() {
  useTitle(t('notFound.title'));
  return (
    <section className="status-page">
      <a href="/">
        <img src="/img/notfound.png" alt={t('notFound.image')} width={320} height={200} />
      </a>
      <p>
        {t('notFound.text')} <a href="/">{t('notFound.home')}</a>.
      </p>
    </section>
  );
}
