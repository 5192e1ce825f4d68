// The participant link of a study per recruitment platform, each with where it goes on that
// platform, and for a classroom or lab (no platform) a QR code of the LAN link: shown after
// Create (wizard/Created.tsx) and on the study's page.
import { useState } from 'react';
import { participantLink, phoneReachable } from '../links';
import { QrCode } from '../wizard/QrCode';

/** pasteHint tells the researcher where the link goes on each platform. */
const pasteHint: Record<string, string> = {
  prolific:
    'Paste this link into Prolific as the study URL. Prolific fills in PROLIFIC_PID, STUDY_ID and SESSION_ID for each participant; the completion URL Prolific gives you belongs in this study\'s Redirect URL.',
  mturk:
    'Use this link as the URL of your HIT\'s external question. MTurk adds assignmentId, hitId, workerId and turkSubmitTo by itself; workers paste the completion code into the HIT.',
  lucid: 'Give this link to Lucid / Cint as the survey link: it fills in [%RID%] with each respondent\'s id.',
  custom: 'Send participants to this link; at the end they are sent to the redirect URL you entered.',
  '': 'Share this link with participants on this network (on a projector, the QR code below is quickest).',
};

const platformTitle: Record<string, string> = { prolific: 'Prolific', mturk: 'MTurk', lucid: 'Lucid / Cint', custom: 'Custom platform', '': 'No platform (classroom or lab)' };

export interface ParticipantLinksProps {
  experimentId: string;
  /** platforms are the distinct platforms of the study's conditions. */
  platforms: string[];
  /** urls are the addresses the server listens on: local first, then LAN addresses. */
  urls: string[];
  /** headingLevel of each platform's heading: 4 under the wizard's result, 3 in a page's section. */
  headingLevel?: 3 | 4;
}

/** ParticipantLinks lists the study's participant link per platform and address. */
export function ParticipantLinks({ experimentId, platforms, urls, headingLevel = 4 }: ParticipantLinksProps) {
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const bases = urls.length ? urls : [`${window.location.origin}/`];
  // A classroom's phones need the LAN address; the local one only works on this computer.
  const lan = phoneReachable(bases) ?? bases[0];
  return (
    <>
      {platforms.map((platform) => (
        <div key={platform || 'none'} className="wizard-created__platform">
          <Heading>{platforms.length > 1 ? `Participant link: ${platformTitle[platform] ?? platform}` : 'Participant link'}</Heading>
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
    </>
  );
}

/** platformsOf lists the distinct platforms of a study's conditions from its rows ('' for none). */
export function platformsOf(rows: Array<{ condition: number; param: string; value: string }>, nConditions: number): string[] {
  const byCondition = new Map<number, string>();
  for (const r of rows) if (r.param === 'platform') byCondition.set(r.condition, r.value);
  const all: string[] = [];
  for (let c = 1; c <= Math.max(1, nConditions); c++) all.push(byCondition.get(c) ?? '');
  return [...new Set(all)];
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
