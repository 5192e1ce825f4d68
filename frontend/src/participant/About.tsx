import { Header } from '../components/Header';
import { Link } from '../lib/router';
import { useTitle } from '../lib/useTitle';
import { useSiteText } from './home/texts';

/** About explains feedlab to participants and visitors, including what it stores, in their language. */
export function About() {
  const s = useSiteText();
  useTitle(s ? s('about.pageTitle') : 'About');
  if (!s) return null;
  const [before, after = ''] = s('about.researchersText').split('{signIn}');
  return (
    <>
      <Header />
      <main id="main" className="page page--narrow">
        <h1>{s('about.title')}</h1>
        <p>{s('about.intro')}</p>
        <h2>{s('about.participants')}</h2>
        <p>{s('about.participantsText')}</p>
        <h2>{s('about.researchers')}</h2>
        <p>
          {before}
          <a href="/login">{s('about.signIn')}</a>
          {after}
        </p>
        <p>
          <Link href="/">{s('about.back')}</Link>
        </p>
      </main>
    </>
  );
}
