// The feed card a cards page asks about, shown as it was in the feed (the source line the
// condition shows, the image or video, the headline) but without its buttons: the page
// asks about the post, it does not let the participant react to it again.
import { useMemo } from 'react';
import { storage } from '../../lib/storage';
import { CardSourceLine, imageSize } from '../feed/Card';
import { cardSource, isVideoUrl, sourceSpec } from '../feed/rules';
import type { CardQuestion } from './types';
import { t } from '../i18n';

/** ShownCard shows the card of a cards page. */
export function ShownCard({ card }: { card: CardQuestion }) {
  const source = useMemo(() => sourceSpec(storage.get('experiment_parameters') ?? undefined), []);
  const e = card.entity;
  const headline = typeof e.headline === 'string' ? e.headline : '';
  const { publisher, time } = cardSource(source, e);
  return (
    <article className="card questionnaire__card" aria-label={headline ? t('feed.postWithHeadline', { n: card.position, headline }) : t('feed.post', { n: card.position })} data-entity-id={e.entity_id}>
      <CardSourceLine publisher={publisher} time={time} />
      <div className={isVideoUrl(e.entity_url) ? 'card__media' : 'card__media card__media--image'}>
        {isVideoUrl(e.entity_url) ? (
          <video src={e.entity_url} controls muted playsInline preload="metadata" />
        ) : (
          <img src={e.entity_url} {...imageSize(e)} alt={headline || t('feed.post', { n: card.position })} decoding="async" />
        )}
      </div>
      {headline ? <p className="card__headline">{headline}</p> : null}
    </article>
  );
}
