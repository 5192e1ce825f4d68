import type { Problem } from '../api';

/** problemWhere says where a problem is: "Line 4 · condition 2 · entity_sets", leaving out what is unknown. */
export function problemWhere(p: Problem): string {
  const parts: string[] = [];
  if (p.line > 0) parts.push(`Line ${p.line}`);
  if (p.condition > 0) parts.push(`condition ${p.condition}`);
  if (p.param) parts.push(p.param);
  return parts.join(' · ');
}

/** Problems lists the server's problems with study parameters, each with its line, condition and parameter. */
export function Problems({ problems, label }: { problems: Problem[]; label: string }) {
  if (problems.length === 0) return null;
  return (
    <ul className="wizard-problems" aria-label={label}>
      {problems.map((p, i) => {
        const where = problemWhere(p);
        return (
          <li key={i}>
            {where && <strong>{where}: </strong>}
            {p.message}
          </li>
        );
      })}
    </ul>
  );
}
