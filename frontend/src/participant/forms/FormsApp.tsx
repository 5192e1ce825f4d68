// The questionnaire part of the participant bundle, loaded with import() when a
// participant reaches /form/... or /viewforms (FormsRoute.tsx), so Formik, Yup and the
// form engine cost nothing on the feed's first load. Every questionnaire, built-in or a
// study's own, is a definition the server sends, rendered by the same pages.
import { useEffect, useState } from 'react';
import { NotFound } from '../../components/NotFound';
import type { Location } from '../../lib/router';
import { CustomMessagePage } from './CustomMessagePage';
import type { CustomQuestionnaire } from './custom';
import { FormsList } from './FormsList';
import { CUSTOM_MESSAGE_PATH, FORMS_LIST_PATH, QUESTIONNAIRE_NAMES } from './names';
import { FormHeader } from './FormHeader';
import { FormsLoading } from './FormsRoute';
import { CustomQuestionnairePage, builtinQuestionnaire, receivedQuestionnaire } from './CustomQuestionnairePage';
import './forms.css';

/** FormsApp picks the page for a /form/ path or the forms list. */
export function FormsApp({ location }: { location: Location }) {
  if (location.path === FORMS_LIST_PATH) return <FormsList />;
  if (location.path === CUSTOM_MESSAGE_PATH) return <CustomMessagePage key={location.path} location={location} />;
  const name = location.path.startsWith('/form/') ? location.path.slice('/form/'.length) : '';
  return <QuestionnaireRoute key={location.path} name={name} location={location} />;
}

// QuestionnaireRoute finds the definition: the one received with the participant's
// condition, else a built-in's from the server (a preview, or a session older than the
// definitions it holds), else the not-found page.
function QuestionnaireRoute({ name, location }: { name: string; location: Location }) {
  const [definition, setDefinition] = useState<CustomQuestionnaire | undefined>(() => (name ? receivedQuestionnaire(name) : undefined));
  const builtin = QUESTIONNAIRE_NAMES.includes(name);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (definition || !builtin) return;
    let live = true;
    builtinQuestionnaire(name)
      .then((q) => live && setDefinition(q))
      .catch((err) => {
        console.error('forms: could not load the questionnaire', err);
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [name]);
  if (definition) return <CustomQuestionnairePage definition={definition} location={location} />;
  if (builtin) return <FormsLoading failed={failed} />;
  return (
    <>
      <FormHeader />
      <main id="main" className="page">
        <NotFound />
      </main>
    </>
  );
}
