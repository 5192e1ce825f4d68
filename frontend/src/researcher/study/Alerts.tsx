/**
 * Alerts: what the appliance met while running this study that the researcher must know
 * (a ranking that failed at arrival, participants over their budgets, a disk nearly full).
 * Shown above the figures; nothing when all is well. The server keeps them since it started.
 */
import type { StudyAlert } from '../api';
import { clock } from './model';

export function Alerts({ alerts }: { alerts: StudyAlert[] | undefined }) {
  if (!alerts || alerts.length === 0) return null;
  return (
    <section className="panel panel--alert" aria-labelledby="alerts-title">
      <h2 id="alerts-title">Needs your attention</h2>
      <ul className="alerts">
        {alerts.map((a) => (
          <li key={a.kind}>
            <p>{a.message}</p>
            <p className="muted small">
              {a.count === 1 ? 'Once' : `${a.count.toLocaleString('en')} times`}, last at {clock(Date.parse(a.last))}
              {a.detail ? ` · latest: ${a.detail}` : ''}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
