// The questionnaire part of the participant bundle, loaded with import() when a
// participant reaches /form/... or /viewforms (FormsRoute.tsx), so Formik, Yup and the
// definitions cost nothing on the feed's first load.
import { NotFound } from '../../components/NotFound';
import type { Location } from '../../lib/router';
import { CustomMessagePage } from './CustomMessagePage';
import { questionnaire } from './definitions';
import { FormsList } from './FormsList';
import { CUSTOM_MESSAGE_PATH, FORMS_LIST_PATH } from './names';
import { FormHeader } from './FormHeader';
import { QuestionnairePage } from './QuestionnairePage';
import { CustomQuestionnairePage, customQuestionnaire } from './CustomQuestionnairePage';
import './forms.css';

/** FormsApp picks the page for a /form/ path or the forms list. */
export function FormsApp({ location }: { location: Location }) {
  if (location.path === FORMS_LIST_PATH) return <FormsList />;
  if (location.path === CUSTOM_MESSAGE_PATH) return <CustomMessagePage key={location.path} location={location} />;
  const name = location.path.startsWith('/form/') ? location.path.slice('/form/'.length) : '';
  const definition = name ? questionnaire(name) : undefined;
  const custom = name && !definition ? customQuestionnaire(name) : undefined;
  if (custom) return <CustomQuestionnairePage key={location.path} definition={custom} location={location} />;
  if (!definition) {
    return (
      <>
        <FormHeader />
        <main id="main" className="page">
          <NotFound />
        </main>
      </>
    );
  }
  return <QuestionnairePage key={location.path} definition={definition} location={location} />;
}
