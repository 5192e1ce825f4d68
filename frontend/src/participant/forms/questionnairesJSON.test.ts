import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { QUESTIONNAIRES } from './definitions';
import { questionnairesJSON } from './questionnairesJSON';

describe('questionnaires.json', () => {
  it('is the generated copy of the definitions (run node scripts/questionnaires.mjs)', () => {
    const file = readFileSync('questionnaires.json', 'utf8');
    assert.equal(file, questionnairesJSON(QUESTIONNAIRES), 'frontend/questionnaires.json has drifted: run node scripts/questionnaires.mjs');
  });
});
