import { useTitle } from '../lib/useTitle';

/** NotFound is the content for any path no route claims; its image links home.
 * The caller supplies the <main> so it fits either bundle's layout. */
export function NotFound() {
  useTitle('Page not found');
  return (
    <section className="status-page">
      <a href="/">
        <img src="/img/notfound.png" alt="Whoops not found!" width={320} height={200} />
      </a>
      <p>
        There is nothing at this address. <a href="/">Go to the home page</a>.
      </p>
    </section>
  );
}
