// /viewforms: every questionnaire, each a link opening in a new tab. The links carry
// ?preview=1 so that looking at a questionnaire never saves answers into a study, even in a
// browser that has a participant session.
import { Header } from '../../components/Header';
import { useTitle } from '../../lib/useTitle';
import { QUESTIONNAIRES } from '../../generated/registry';
import { CUSTOM_MESSAGE_PATH } from './names';

/** CUSTOM_MESSAGE_EXAMPLE is the custom message page as the list opens it. */
export const CUSTOM_MESSAGE_EXAMPLE = `${CUSTOM_MESSAGE_PATH}?preview=1&custom-msg-type=onpage`;

/** FormsList serves /viewforms. */
export function FormsList() {
  useTitle('Available forms and questionnaires');
  return (
    <>
      <Header />
      <main id="main" className="page page--narrow">
        <h1>Available forms and questionnaires</h1>
        <p>
          A study's <code>forms</code> parameter lists the names below, in the order participants see them after the
          feed. Each link opens a preview in a new tab; nothing you enter there is saved.
        </p>
        <ul className="forms-list">
          {QUESTIONNAIRES.filter((q) => !q.message).map((q) => (
            <li key={q.name}>
              <a href={`/form/${q.name}?preview=1`} target="_blank" rel="noopener">
                {q.title}
              </a>{' '}
              <code>{q.name}</code>
            </li>
          ))}
          <li>
            <a href={CUSTOM_MESSAGE_EXAMPLE} target="_blank" rel="noopener">
              Custom end message
            </a>{' '}
            <code>custom-msg</code>
          </li>
        </ul>
      </main>
    </>
  );
}
