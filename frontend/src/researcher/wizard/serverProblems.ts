// The server's problems from the last Verify or Create, for the fields that show their own
// beside them (a ranking script's line and column) as well as in the list under the buttons.
import { createContext, useContext } from 'react';
import type { Problem } from '../api';

export const ServerProblems = createContext<Problem[]>([]);

/** useScriptProblems are the server's problems with condition i's (0-based) ranking script. */
export function useScriptProblems(i: number): Problem[] {
  return useContext(ServerProblems).filter((p) => p.param === 'algorithm-script' && p.condition === i + 1);
}

/** scriptProblemText words a script problem as the script box shows it: "Line 3, column 7:
 * undefined name 'card'", with the script's own line, or the server's whole message. */
export function scriptProblemText(p: Problem): string {
  const at = p.script;
  if (!at) return p.message;
  if (at.line > 0 && at.column > 0) return `Line ${at.line}, column ${at.column}: ${at.message}`;
  if (at.line > 0) return `Line ${at.line}: ${at.message}`;
  return at.message;
}
