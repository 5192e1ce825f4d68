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
import './forms.css';

/** FormsApp picks the page for a /form/ path or the forms list. */
export function FormsApp({ location }: { location: Location }) {
  if (location.path === FORMS_LIST_PATH) return <FormsList />;
  if (location.path === CUSTOM_MESSAGE_PATH) return <CustomMessagePage key={location.path} location={location} />;
  const definition = location.path.startsWith('/form/') ? questionnaire(location.path.slice('/form/'.length)) : undefined;
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
