// What the researcher sees once the study exists: its id, the participant links to paste
// into the recruitment platform (or, for a classroom, a QR code of the LAN link), the
// parameter file and a way back to My studies.
import { useState } from 'react';
import { downloadFile, parametersUrl } from '../api';
import { errorMessage } from '../messages';
import { Link } from '../../lib/router';
import { createdFilename } from './model/csv';
import { ParticipantLinks } from '../study/ParticipantLinks';

export interface CreatedProps {
  experimentId: string;
  /** platforms are the distinct platforms of the study's conditions. */
  platforms: string[];
  /** urls are the addresses the server listens on: local first, then LAN addresses. */
  urls: string[];
}

export function Created({ experimentId, platforms, urls }: CreatedProps) {
  const [download, setDownload] = useState('');
  const save = async () => {
    setDownload('');
    try {
      await downloadFile(parametersUrl(experimentId), undefined, createdFilename(experimentId));
    } catch (err) {
      setDownload(`The file could not be downloaded: ${errorMessage(err)}`);
    }
  };
  return (
    <div className="wizard-created">
      <p className="wizard-created__id">
        Study created: <strong>{experimentId}</strong>
      </p>
      <p>
        It is a draft: participants who open its link see "This study has not started yet" until you launch it. Preview it, and
        launch it, on its page: <Link href={`/studies/${encodeURIComponent(experimentId)}`}>open the study page</Link>.
      </p>
      <ParticipantLinks experimentId={experimentId} platforms={platforms} urls={urls} />
      <div className="actions">
        <button type="button" className="button" onClick={save}>
          Download parameters
        </button>
        <Link href="/studies" className="button button--quiet">
          Go to My studies
        </Link>
      </div>
      {download && <p className="field__error">{download}</p>}
    </div>
  );
}
