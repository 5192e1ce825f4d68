// What the researcher sees once the study exists: its id, the participant links to paste
// into the recruitment platform (or, for a classroom, a QR code of the LAN link), the
// parameter file and a way back to My studies.
import { useState } from 'react';
import { downloadFile, parametersUrl } from '../api';
import { participantLink } from '../links';
import { errorMessage } from '../messages';
import { Link } from '../../lib/router';
import { createdFilename } from './model/csv';
import { QrCode } from './QrCode';

/** pasteHint tells the researcher where the link goes on each platform. */
const pasteHint: Record<string, string> = {
  prolific:
    'Paste this link into Prolific as the study URL. Prolific fills in PROLIFIC_PID, STUDY_ID and SESSION_ID for each participant; set the completion URL you entered here as the study\'s completion path.',
  mturk:
    'Use this link as the URL of your HIT\'s external question. MTurk adds assignmentId, hitId, workerId and turkSubmitTo by itself; workers paste the completion code into the HIT.',
  lucid: 'Give this link to Lucid / Cint as the survey link: it fills in [%RID%] with each respondent\'s id.',
  custom: 'Send participants to this link; at the end they are sent to the redirect URL you entered.',
  '': 'Share this link with participants on this network (on a projector, the QR code below is quickest).',
};

const platformTitle: Record<string, string> = { prolific: 'Prolific', mturk: 'MTurk', lucid: 'Lucid / Cint', custom: 'Custom platform', '': 'No platform (classroom or lab)' };

export interface CreatedProps {
  experimentId: string;
  /** platforms are the distinct platforms of the study's conditions. */
  platforms: string[];
  /** urls are the addresses the server listens on: local first, then LAN addresses. */
  urls: string[];
}

export function Created({ experimentId, platforms, urls }: CreatedProps) {
  const [download, setDownload] = useState('');
  const bases = urls.length ? urls : [`${window.location.origin}/`];
  // A classroom's phones need the LAN address; the local one only works on this computer.
  const lan = bases.find((u) => !/\/\/(localhost|127\.|\[::1\])/.test(u)) ?? bases[0];
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
      {platforms.map((platform) => (
        <div key={platform || 'none'} className="wizard-created__platform">
          <h4>{platforms.length > 1 ? `Participant link: ${platformTitle[platform] ?? platform}` : 'Participant link'}</h4>
          <p className="muted">{pasteHint[platform] ?? pasteHint.custom}</p>
          <ul className="wizard-links">
            {bases.map((base) => {
              const link = participantLink(base, experimentId, platform);
              return (
                <li key={base}>
                  <code>{link}</code> <CopyButton text={link} />
                </li>
              );
            })}
          </ul>
          {platform === '' && (
            <figure className="wizard-qr-figure">
              <QrCode text={participantLink(lan, experimentId, '')} />
              <figcaption>
                Scan to open <code>{participantLink(lan, experimentId, '')}</code>
              </figcaption>
            </figure>
          )}
        </div>
      ))}
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

function CopyButton({ text }: { text: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      setCopied(false);
    }
  };
  return (
    <button type="button" className="button button--quiet button--small" onClick={copy} aria-label={`Copy ${text}`}>
      {copied ? 'Copied!' : 'Copy'}
    </button>
  );
}
