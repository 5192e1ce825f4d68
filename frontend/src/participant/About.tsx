import { Header } from '../components/Header';
import { Link } from '../lib/router';
import { useTitle } from '../lib/useTitle';

/** About explains feedlab to participants and visitors, including what it stores. */
export function About() {
  useTitle('About');
  return (
    <>
      <Header />
      <main id="main" className="page page--narrow">
        <h1>About feedlab</h1>
        <p>
          feedlab is a research tool for social media experiments. Participants see a simulated newsfeed of news
          cards and may like, share or bookmark them; afterwards they may answer a few questionnaires. Research teams
          use the results to learn how people read and share news.
        </p>
        <h2>If you are taking part in a study</h2>
        <p>
          Your answers and the way you interact with the feed are stored on the research team's own feedlab server.
          feedlab does not store IP addresses. If you came from a panel such as Prolific or MTurk, your panel id is
          kept so that the researchers can pay you. Some studies show content that is not what it seems; the study
          explains this at the end.
        </p>
        <h2>If you are a researcher</h2>
        <p>
          You can create studies with several conditions, upload your own stimulus sets, and download the data once
          you <a href="/login">sign in</a>.
        </p>
        <p>
          <Link href="/">Back to the home page</Link>
        </p>
      </main>
    </>
  );
}
