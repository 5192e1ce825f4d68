import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scriptProblemText } from './serverProblems';
import { SCRIPT_TEMPLATES, STARTING_TEMPLATE } from './scriptTemplates';

describe('ranking script problems and templates', () => {
  it('words a problem by the script\'s own line and column, or the server\'s message', () => {
    const base = { line: 4, condition: 1, param: 'algorithm-script', message: 'the script fails at line 3, column 7: undefined name \'card\'' };
    assert.equal(scriptProblemText({ ...base, script: { line: 3, column: 7, message: "undefined name 'card'" } }), "Line 3, column 7: undefined name 'card'");
    assert.equal(scriptProblemText({ ...base, script: { line: 3, column: 0, message: 'key "x" not in dict' } }), 'Line 3: key "x" not in dict');
    assert.equal(scriptProblemText({ ...base, script: { line: 0, column: 0, message: 'rank returned 2 cards for a feed of 3' } }), 'rank returned 2 cards for a feed of 3');
    assert.equal(scriptProblemText(base), base.message);
  });

  it('offers the starting template first, then the three examples of docs/ranking as they are', () => {
    assert.equal(SCRIPT_TEMPLATES[0].script, STARTING_TEMPLATE);
    assert.equal(SCRIPT_TEMPLATES.length, 4);
    for (const t of SCRIPT_TEMPLATES) assert.match(t.script, /^def rank\(cards, participant\):$/m, t.label);
    assert.match(SCRIPT_TEMPLATES[3].script, /^# One topic first, newest first within each group\./);
  });
});
