import type { ReactNode } from 'react';
import { t } from '../participant/i18n';
import { FeedIcon } from './icons';

/** HEADER_COLOUR is the spec's default header bar colour. */
export const HEADER_COLOUR = '#32292F';

/**
 * Header is the bar at the top of every page: feedlab's icon and a link home, after a
 * skip link for keyboard users. Every page's <main> has id="main" for that link.
 * The home link is a plain anchor so it also works from the researcher bundle,
 * whose pages live in another HTML document.
 */
export function Header({ label = 'feedlab', children }: { label?: string; children?: ReactNode }) {
  return (
    <header className="site-header" style={{ backgroundColor: HEADER_COLOUR }}>
      <a className="skip-link" href="#main">
        {t('feed.skipToContent')}
      </a>
      {/* The name holds the visible label (WCAG's label in name): "feedlab · researcher home". */}
      <a className="site-header__home" href="/" aria-label={t('feed.home', { name: label })}>
        <FeedIcon size={26} />
        <span>{label}</span>
      </a>
      {children}
    </header>
  );
}
