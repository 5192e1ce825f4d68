import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loopbackHost, participantLink, phoneReachable } from './links';
import { safeNext } from './safeNext';

describe('participantLink', () => {
  const base = 'http://192.168.1.20:8080/';
  it('prolific adds its three placeholders', () => {
    assert.equal(
      participantLink(base, 'abc', 'prolific'),
      'http://192.168.1.20:8080/?experiment_id=abc&PROLIFIC_PID={{%PROLIFIC_PID%}}&STUDY_ID={{%STUDY_ID%}}&SESSION_ID={{%SESSION_ID%}}',
    );
  });
  it('lucid adds RID', () => {
    assert.equal(participantLink(base, 'abc', 'lucid'), 'http://192.168.1.20:8080/?experiment_id=abc&RID=[%RID%]');
  });
  for (const platform of ['mturk', 'custom', 'none', '', 'unknown']) {
    it(`${platform || '(none)'} adds nothing`, () => {
      assert.equal(participantLink(base, 'abc', platform), 'http://192.168.1.20:8080/?experiment_id=abc');
    });
  }
  it('accepts a base without a trailing slash, and ignores its query', () => {
    assert.equal(participantLink('http://localhost:8080', 'x', ''), 'http://localhost:8080/?experiment_id=x');
    assert.equal(participantLink('http://localhost:8080/?a=1', 'x', ''), 'http://localhost:8080/?experiment_id=x');
  });
  it('encodes the experiment id', () => {
    assert.equal(participantLink(base, 'a b&c', ''), 'http://192.168.1.20:8080/?experiment_id=a%20b%26c');
  });
});

describe('safeNext', () => {
  const ok: Array<[string, string]> = [
    ['/studies', '/studies'],
    ['/create-study?from=abc', '/create-study?from=abc'],
    ['/studies/abc#x', '/studies/abc#x'],
    ['/', '/'],
    // Dot segments that stay on this site are resolved, not refused.
    ['/studies/../create-study', '/create-study'],
    ['/%2e%2e/studies', '/studies'],
  ];
  for (const [next, want] of ok) it(`keeps ${next}`, () => assert.equal(safeNext(next), want));

  const bad = ['', 'studies', '//evil.example/x', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)', '/\t/evil.example', ' /studies',
    // Issue 20 item 5: dot segments that resolve to "//host" (plain and percent-encoded).
    '/..//evil.example/phish', '/%2e%2e//evil.example', '/%2E%2E//evil.example', '/.//evil.example', '/a/../..//evil.example', '/./%2e//evil.example'];
  for (const next of bad) it(`refuses ${JSON.stringify(next)}`, () => assert.equal(safeNext(next), '/studies'));

  it('uses the fallback for nothing', () => {
    assert.equal(safeNext(null), '/studies');
    assert.equal(safeNext(undefined, '/x'), '/x');
  });
});

describe('phoneReachable', () => {
  it('prefers the first LAN address to the loopback ones', () => {
    assert.equal(phoneReachable(['http://127.0.0.1:8080/', 'http://[::1]:8080/', 'http://192.168.1.20:8080/', 'http://10.0.0.2:8080/']), 'http://192.168.1.20:8080/');
  });
  it('falls back to the first address when all are loopback, and to nothing for none', () => {
    assert.equal(phoneReachable(['http://localhost:8080/', 'http://127.0.0.1:8080/']), 'http://localhost:8080/');
    assert.equal(phoneReachable([]), undefined);
  });
});

describe('loopbackHost', () => {
  it('names the host only this machine can open, and nothing for a LAN or public one', () => {
    assert.equal(loopbackHost('http://127.0.0.1:8080/?experiment_id=a'), '127.0.0.1');
    assert.equal(loopbackHost('http://127.4.5.6/'), '127.4.5.6');
    assert.equal(loopbackHost('http://[::1]:8080/'), '::1');
    assert.equal(loopbackHost('http://localhost:8080/'), 'localhost');
    assert.equal(loopbackHost('http://192.168.1.20:8080/'), '');
    assert.equal(loopbackHost('not a link'), '');
  });
});
