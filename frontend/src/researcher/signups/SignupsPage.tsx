// The home page's "Join the alpha" sign-ups (/signups; issue 22 item 5): what visitors
// left, newest first, where a researcher can read them. The same list is a CSV with
// `feedlab export --type signups`.
import { useEffect, useState } from 'react';
import type { PageProps } from '../../lib/router';
import { useTitle } from '../../lib/useTitle';
import { listSignups, type Signup } from '../api';
import { FormStatus } from '../fields';
import { whenText } from '../library/model';
import { errorMessage } from '../messages';
import '../library/library.css';

type Load = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready'; signups: Signup[] };

/** SignupsPage is the page at /signups. */
export function SignupsPage(_: PageProps) {
  useTitle('Sign-ups');
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  useEffect(() => {
    listSignups().then(
      (signups) => setLoad({ kind: 'ready', signups }),
      (err) => setLoad({ kind: 'failed', message: errorMessage(err) }),
    );
  }, []);
  return (
    <div className="library">
      <h1>Sign-ups</h1>
      <p className="muted">
        The addresses visitors left under "Join the alpha" on the home page, newest first. Every researcher of this appliance sees them.
        As a CSV file: <code>feedlab export --type signups</code>.
      </p>
      {load.kind === 'loading' && <p className="muted">Loading the sign-ups…</p>}
      {load.kind === 'failed' && <FormStatus tone="error">{load.message}</FormStatus>}
      {load.kind === 'ready' && load.signups.length === 0 && <p>No one has signed up yet.</p>}
      {load.kind === 'ready' && load.signups.length > 0 && (
        <>
          <p className="muted small">
            {load.signups.length} sign-up{load.signups.length === 1 ? '' : 's'}
          </p>
          <ul className="library__list" aria-label="Sign-ups">
            {load.signups.map((s, i) => (
              <li key={`${s.created_at}-${i}`} className="library__row">
                <div className="library__name">
                  <a href={`mailto:${s.email}`}>{s.email}</a>
                </div>
                <dl className="library__facts">
                  <div>
                    <dt>Name</dt>
                    <dd>{s.name || <span className="muted">not given</span>}</dd>
                  </div>
                  <div>
                    <dt>When</dt>
                    <dd>{whenText(s.created_at)}</dd>
                  </div>
                </dl>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
