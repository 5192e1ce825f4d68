import { Header } from '../../components/Header';
import { ArrowRightIcon, DocumentIcon, MailIcon } from '../../components/icons';
import { Link } from '../../lib/router';
import { useTitle } from '../../lib/useTitle';
import { formatNumber } from '../i18n/format';
import { useHomeFigures } from './analytics';
import { papers } from './papers';
import { SignupForm } from './SignupForm';
import { team } from './team';
import { useSiteText } from './texts';

/** DEMO_FEED_URL opens the built-in solarflare study with its generated stimulus set. */
export const DEMO_FEED_URL = '/?experiment_id=solarflare';

/** Figure writes a count's text (a plural form) with the number in a span of its own at {n}. */
function Figure({ text, shown, testId }: { text: string; shown: string; testId: string }) {
  const [before, after = ''] = text.split('{n}');
  return (
    <>
      {before}
      <span className="stats__figure" data-testid={testId}>
        {shown}
      </span>
      {after}
    </>
  );
}

/** HomePage presents feedlab to visitors who arrive without an experiment, in their language. */
export function HomePage() {
  useTitle('feedlab');
  const figures = useHomeFigures();
  const s = useSiteText();
  if (!s) return null;
  const count = (family: string, n: number, testId: string) => <Figure text={s.form(family, n)} shown={formatNumber(n, s.lang)} testId={testId} />;
  return (
    <>
      <Header>
        <nav aria-label={s('nav.label')} className="site-header__nav">
          <Link href="/about">{s('nav.about')}</Link>
          <a href="/login">{s('nav.signIn')}</a>
        </nav>
      </Header>
      <main id="main">
        <section className="hero" aria-labelledby="hero-title">
          <div className="page">
            <h1 id="hero-title">feedlab</h1>
            <p className="hero__lead">{s('home.lead')}</p>
            <p>{s('home.intro')}</p>
            <p>
              <Link href={DEMO_FEED_URL} className="button button--accent">
                {s('home.tryDemo')} <ArrowRightIcon />
              </Link>
            </p>
            {figures.experiments !== undefined && figures.users !== undefined && (
              <ul className="stats" aria-label={s('home.figures')}>
                <li>{count('home.studies', figures.experiments, 'experiments-count')}</li>
                <li>{count('home.participants', figures.users, 'users-count')}</li>
              </ul>
            )}
          </div>
        </section>

        <section className="page" aria-labelledby="researchers-title">
          <h2 id="researchers-title">{s('home.researchers')}</h2>
          <p>{s('home.researchersText')}</p>
          <ul className="link-cards">
            {/* Plain anchors: these pages belong to the researcher bundle, another document. */}
            <li>
              <a href="/create-study">{s('home.createStudy')}</a>
            </li>
            <li>
              <a href="/upload">{s('home.upload')}</a>
            </li>
            <li>
              <a href="/download">{s('home.download')}</a>
            </li>
          </ul>
        </section>

        <section className="page" aria-labelledby="papers-title">
          <h2 id="papers-title">{s('home.papers')}</h2>
          <p>{s('home.papersText')}</p>
          {/* The papers are cited as published, in English, whatever the page's language. */}
          <ul className="papers" lang="en" dir="ltr">
            {papers.map((paper) => (
              <li key={paper.url}>
                <DocumentIcon className="papers__icon" />
                <div>
                  <a href={paper.url} rel="noreferrer">
                    {paper.title}
                  </a>
                  <p className="papers__meta">
                    {paper.authors} ({paper.year}). <i>{paper.venue}</i>.
                  </p>
                </div>
              </li>
            ))}
          </ul>
        </section>

        <section className="page" aria-labelledby="team-title">
          <h2 id="team-title">{s('home.team')}</h2>
          <ul className="team">
            {team.map((member) => (
              <li key={member.avatar}>
                <img src={member.avatar} alt="" width={96} height={96} loading="lazy" />
                <h3>{member.name ?? s(member.role)}</h3>
                {member.name && <p className="team__role">{s(member.role)}</p>}
                <p>{s(member.focus)}</p>
              </li>
            ))}
          </ul>
        </section>

        <section className="page" aria-labelledby="signup-title">
          <h2 id="signup-title">{s('home.signup')}</h2>
          <p>{s('home.signupText')}</p>
          <SignupForm s={s} />
          {figures.contact && (
            <p className="contact">
              <MailIcon /> {s('home.contact')} <a href={figures.contact.href}>{figures.contact.text}</a>
            </p>
          )}
        </section>
      </main>
      <footer className="site-footer">
        <div className="page">
          <p>
            {s('home.footer')} <Link href="/about">{s('home.aboutLink')}</Link>
          </p>
        </div>
      </footer>
    </>
  );
}
