// Which page answers each researcher route. The patterns are exactly those of
// routes.json, which the Go server reads too (routes.test.ts fails on any drift).
import type { PageProps, Routes } from '../lib/router';
import { RequireAuth } from './auth';
import { DownloadPage } from './download/DownloadPage';
import { LoginPage } from './pages/LoginPage';
import { SetupPage } from './pages/SetupPage';
import { StudiesPage } from './pages/StudiesPage';
import { StudyPage } from './study/StudyPage';
import { ParticipantPage } from './participant/ParticipantPage';
import { UploadPage } from './upload/UploadPage';
import { HostedUploadPage } from './upload/HostedUploadPage';
import { LibraryPage } from './library/LibraryPage';
import { SetPage } from './library/SetPage';
import { WizardPage } from './wizard/WizardPage';
import { SignupsPage } from './signups/SignupsPage';
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

/** researcherRoutes maps every pattern of routes.json to its page. */
export const researcherRoutes: Routes = {
  '/login': LoginPage,
  '/setup': SetupPage,
  '/studies': guarded(StudiesPage),
  '/studies/:experiment_id': guarded(StudyPage),
  '/studies/:experiment_id/participants/:user_id': guarded(ParticipantPage),
  // One wizard for both addresses (the older variant's address opens the same page).
  '/create-study': guarded(WizardPage),
  '/create-study-old': guarded(WizardPage),
  '/upload': guarded(UploadPage),
  '/upload-hosted': guarded(HostedUploadPage),
  '/sets': guarded(LibraryPage),
  '/sets/:entity_set': guarded(SetPage),
  '/download': guarded(DownloadPage),
  '/signups': guarded(SignupsPage),
};
