import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { classLabel, labelsLeftOut, parseLabels, studyPlatform } from './reconcileModel';

describe('reconciliation and classroom helpers', () => {
  it('names each class', () => {
    assert.equal(classLabel('never_seen'), 'Never seen');
    assert.equal(classLabel('completed'), 'Completed here');
  });
  it('reads the platform of condition 1', () => {
    assert.equal(studyPlatform([{ condition: 1, param: 'platform', value: 'Prolific' }]), 'prolific');
    assert.equal(studyPlatform([{ condition: 1, param: 'platform', value: 'none' }]), '');
    assert.equal(studyPlatform(undefined), '');
  });
  it('reads pasted labels', () => {
    assert.deepEqual(parseLabels('label\r\n Ana \n\nBo\nAna\n"Cy"\n'), ['Ana', 'Bo', 'Cy']);
  });
});

describe('labelsLeftOut', () => {
  it('says which labels were repeated or already had a link, instead of dropping them silently', () => {
    assert.equal(labelsLeftOut('Ana\nBen\n', []), '');
    assert.equal(
      labelsLeftOut('label\nAna\nBen\nAna\n', []),
      'Not added again: "Ana" was given 2 times and has one link. Give each participant their own label.',
    );
    assert.equal(
      labelsLeftOut('Ben\nCleo', ['Ana', 'Ben']),
      'Not added again: "Ben" already has a link. Give each participant their own label.',
    );
  });
});
