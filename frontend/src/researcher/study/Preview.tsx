// Preview and pilot: "Preview condition N" opens the participant flow of that condition in
// a new tab as a test participant (left out of every count, of balancing and of exports);
// the same link as a QR code pilots it on a phone. Each opening of the link is a new test
// participant; the link works for 24 hours.
import { useState } from 'react';
import * as api from '../api';
import { FormStatus } from '../fields';
import { errorMessage } from '../messages';
import { QrCode } from '../wizard/QrCode';

type Shown = { condition: number; url: string } | null;

/** PreviewSection offers a preview and a phone pilot per condition. */
export function PreviewSection({ id, conditions, base }: { id: string; conditions: number[]; base: string }) {
  const [shown, setShown] = useState<Shown>(null);
  const [note, setNote] = useState<{ tone: 'error' | 'info'; text: string } | null>(null);

  const absolute = (url: string) => new URL(url, base).toString();

  const preview = async (condition: number) => {
    // Open the tab now, while the click still counts as the researcher's: a tab opened
    // after the call returns would be blocked as a pop-up.
    const tab = window.open('', '_blank');
    setNote(null);
    try {
      const url = await api.previewLink(id, condition);
      if (tab) tab.location.href = new URL(url, window.location.origin).toString();
      else setNote({ tone: 'info', text: 'The browser blocked the new tab. Open the link below instead.' });
      setShown({ condition, url: absolute(url) });
    } catch (err) {
      tab?.close();
      setNote({ tone: 'error', text: `No preview: ${errorMessage(err)}` });
    }
  };

  const pilot = async (condition: number) => {
    setNote(null);
    try {
      setShown({ condition, url: absolute(await api.previewLink(id, condition)) });
    } catch (err) {
      setNote({ tone: 'error', text: `No pilot link: ${errorMessage(err)}` });
    }
  };

  return (
    <section className="panel" aria-labelledby="preview-title">
      <h2 id="preview-title">Preview and pilot</h2>
      <p className="muted small">
        Go through a condition as a participant would. You take part as a test participant: everything works, but you are left
        out of the figures on this page, of condition balancing and of every download (unless you ask for test participants).
      </p>
      <ul className="preview-list">
        {conditions.map((c) => (
          <li key={c}>
            <button type="button" className="button button--small" onClick={() => void preview(c)}>
              Preview condition {c}
            </button>
            <button type="button" className="button button--small button--quiet" onClick={() => void pilot(c)}>
              Pilot condition {c} on a phone
            </button>
          </li>
        ))}
      </ul>
      <FormStatus tone={note?.tone ?? 'info'} message={note?.text} />
      {shown && (
        <div className="pilot" aria-label={`Test link for condition ${shown.condition}`} role="group">
          <QrCode text={shown.url} size={176} />
          <div>
            <p>
              Scan with a phone on the same network to pilot condition {shown.condition}, or open the link. Each opening is a new test
              participant; the link works for 24 hours.
            </p>
            <input className="copy-by-hand" readOnly value={shown.url} aria-label="Test link" onFocus={(e) => e.currentTarget.select()} />
          </div>
        </div>
      )}
    </section>
  );
}
