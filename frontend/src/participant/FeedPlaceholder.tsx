import { Header } from '../components/Header';
import { Link, type Location } from '../lib/router';
import { useTitle } from '../lib/useTitle';

/**
 * FeedPlaceholder stands where the participant feed will be: App renders it at '/'
 * whenever showsFeed() says so. The feed task replaces this component.
 */
export function FeedPlaceholder({ location }: { location: Location }) {
  useTitle('Feed');
  const experiment = location.query.get('experiment_id');
  return (
    <>
      <Header />
      <main id="main" className="page page--narrow">
        <h1>The feed is coming</h1>
        <p>
          {experiment ? (
            <>
              The newsfeed for experiment <code>{experiment}</code> will appear here.
            </>
          ) : (
            'Your newsfeed will appear here.'
          )}
        </p>
        <p>
          <Link href="/about">About feedlab</Link>
        </p>
      </main>
    </>
  );
}
