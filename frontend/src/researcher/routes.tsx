// Which page answers each researcher route. The patterns are exactly those of
// routes.json, which the Go server reads too (routes.test.ts fails on any drift).
import type { PageProps, Routes } from '../lib/router';
import { RequireAuth } from './auth';
import { DownloadPage } from './download/DownloadPage';
import { LoginPage } from './pages/LoginPage';
import { placeholder } from './pages/Placeholder';
import { SetupPage } from './pages/SetupPage';
import { StudiesPage } from './pages/StudiesPage';
import { StudyPage } from './study/StudyPage';
import { UploadPage } from './upload/UploadPage';
import { WizardPage } from './wizard/WizardPage';
import type { ComponentType } from 'react';

/** guarded wraps a page so only a signed-in researcher sees it. */
function guarded(Page: ComponentType<PageProps>): ComponentType<PageProps> {
  return function Guarded(props: PageProps) {
    return (
      <RequireAuth>
        <Page {...props} />
      </RequireAuth>
    );
  };
}

const code = (text: string) => <code>{text}</code>;

/** researcherRoutes maps every pattern of routes.json to its page. */
export const researcherRoutes: Routes = {
  '/login': LoginPage,
  '/setup': SetupPage,
  '/studies': guarded(StudiesPage),
  '/studies/:experiment_id': guarded(StudyPage),
  // One wizard for both addresses (the older variant's address opens the same page).
  '/create-study': guarded(WizardPage),
  '/create-study-old': guarded(WizardPage),
  '/upload': guarded(UploadPage),
  '/upload-hosted': guarded(
    placeholder(
      'Upload hosted stimuli',
      'Add a stimulus set whose images or videos are already hosted elsewhere: a table of cards with their media addresses.',
      code('feedlab sets import --name NAME --category CAT stimuli.tsv'),
    ),
  ),
  '/sets': guarded(
    placeholder(
      'Stimulus library',
      "Every stimulus set of the lab's library, with its category and number of cards, to look through before choosing sets for a study.",
    ),
  ),
  '/sets/:entity_set': guarded(
    placeholder('Stimulus set', "One stimulus set's cards, as participants will see them.", code('feedlab export --study SET --type stimulus_set')),
  ),
  '/download': guarded(DownloadPage),
};
