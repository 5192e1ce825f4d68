import { Header } from '../../components/Header';
import { ArrowRightIcon, DocumentIcon, MailIcon } from '../../components/icons';
import { Link } from '../../lib/router';
import { useTitle } from '../../lib/useTitle';
import { formatCount, useHomeFigures } from './analytics';
import { papers } from './papers';
import { SignupForm } from './SignupForm';
import { team } from './team';

/** DEMO_FEED_URL opens the built-in solarflare study with its generated stimulus set. */
export const DEMO_FEED_URL = '/?experiment_id=solarflare';

/** HomePage presents feedlab to visitors who arrive without an experiment. */
export function HomePage() {
  useTitle('feedlab');
  const figures = useHomeFigures();
  return (
    <>
      <Header>
        <nav aria-label="Site" className="site-header__nav">
          <Link href="/about">About</Link>
          <a href="/login">Researcher sign-in</a>
        </nav>
      </Header>
      <main id="main">
        <section className="hero" aria-labelledby="hero-title">
          <div className="page">
            <h1 id="hero-title">feedlab</h1>
            <p className="hero__lead">A modular tool for ecologically valid social media research.</p>
            <p>
              Participants scroll a newsfeed that looks and behaves like the real thing, while feedlab tracks the
              dwell time of each post and every like, share and bookmark. Researchers can upload their own entity
              sets, ranking algorithms and interventions, and download tidy data when the study is done.
            </p>
            <p>
              <Link href={DEMO_FEED_URL} className="button button--accent">
                try a randomly generated feed <ArrowRightIcon />
              </Link>
            </p>
            {figures.experiments !== undefined && figures.users !== undefined && (
              <ul className="stats" aria-label="feedlab so far">
                <li>
                  <span className="stats__figure" data-testid="experiments-count">
                    {formatCount(figures.experiments)}
                  </span>{' '}
                  {figures.experiments === 1 ? 'study' : 'studies'} created here
                </li>
                <li>
                  <span className="stats__figure" data-testid="users-count">
                    {formatCount(figures.users)}
                  </span>{' '}
                  {figures.users === 1 ? 'participant' : 'participants'} so far (previews not counted)
                </li>
              </ul>
            )}
          </div>
        </section>

        <section className="page" aria-labelledby="researchers-title">
          <h2 id="researchers-title">For researchers</h2>
          <p>
            Create a study with one or more conditions, upload a stimulus set, and download engagement, dwell and
            questionnaire data as CSV. Researcher pages ask you to sign in.
          </p>
          <ul className="link-cards">
            {/* Plain anchors: these pages belong to the researcher bundle, another document. */}
            <li>
              <a href="/create-study">Create a study</a>
            </li>
            <li>
              <a href="/upload">Upload a stimulus set</a>
            </li>
            <li>
              <a href="/download">Download data</a>
            </li>
          </ul>
        </section>

        <section className="page" aria-labelledby="papers-title">
          <h2 id="papers-title">Research papers</h2>
          <p>Published studies on attention, accuracy and news sharing that motivate feed experiments like these.</p>
          <ul className="papers">
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
          <h2 id="team-title">Team</h2>
          <ul className="team">
            {team.map((member) => (
              <li key={member.avatar}>
                <img src={member.avatar} alt="" width={96} height={96} loading="lazy" />
                <h3>{member.name ?? member.role}</h3>
                {member.name && <p className="team__role">{member.role}</p>}
                <p>{member.focus}</p>
              </li>
            ))}
          </ul>
        </section>

        <section className="page" aria-labelledby="signup-title">
          <h2 id="signup-title">Join the alpha</h2>
          <p>feedlab is in alpha. Leave your email address and we will tell you when you can run your own studies.</p>
          <SignupForm />
          {figures.contact && (
            <p className="contact">
              <MailIcon /> Questions? Contact the team: <a href={figures.contact.href}>{figures.contact.text}</a>
            </p>
          )}
        </section>
      </main>
      <footer className="site-footer">
        <div className="page">
          <p>
            feedlab runs on its own server and makes no calls to outside services. <Link href="/about">About feedlab</Link>
          </p>
        </div>
      </footer>
    </>
  );
}
