import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bothWays, classLabel, labelsLeftOut, parseLabels, studyPlatform } from './reconcileModel';

describe('reconciliation and classroom helpers', () => {
  it('sums up both directions and the codes', () => {
    assert.equal(bothWays(0, 0), '');
    assert.equal(bothWays(1, 0), '1 participant completed here but is not on the list.');
    assert.equal(bothWays(2, 1), "2 participants completed here but are not on the list; 1 line has a code that is not the study's.");
  });
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
