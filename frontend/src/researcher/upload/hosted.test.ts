import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { avatarFiles, parsePasted } from './model';
import { failedUploadText, isSystemFile, matchFiles, matchWithAvatars, NO_COVARIATE_INFO, normalPath, problemLines, retryable, WRONG_COUNT, type PickedFile } from './hosted';

const file = (path: string): PickedFile => ({ path, file: { size: 1 } as File });
const tsv = (...names: string[]) =>
  parsePasted(['source_url\tfilename\tretrieve_date\tentity_type', ...names.map((n) => `https://a\t${n}\t2026-01-01\timage`)].join('\n'));

describe('hosted upload matching', () => {
  it("matches the comments' avatar files among the same picked files; links are not files", () => {
    const comments = parsePasted(
      ['comment_id\tfilename\tauthor\ttext\tavatar', 'c1\ta.png\tDana\thi\tfaces/dana.png', 'c2\ta.png\tLee\thi\thttps://x.example/l.png', 'c3\ta.png\tSam\thi\tsam.png'].join('\n'),
    );
    const m = matchWithAvatars(tsv('a.png'), avatarFiles(comments), [file('a.png'), file('pics/faces/dana.png')]);
    assert.equal(m.avatars!.get('faces/dana.png')!.path, 'pics/faces/dana.png');
    assert.deepEqual(m.unused, []);
    const lines = problemLines(m, 2);
    assert.ok(lines[0].startsWith('Comments line 4: no file sam.png'), lines.join('\n'));
  });
  it('finds files by path or by the end of their path inside a folder', () => {
    const m = matchFiles(tsv('a.png', 'sub/b.mp4', ' a.png '), [file('pick/a.png'), file('pick/sub/b.mp4')]);
    assert.deepEqual([...m.files.keys()], ['a.png', 'sub/b.mp4']);
    assert.equal(m.files.get('a.png')!.path, 'pick/a.png');
    assert.deepEqual(m.unmatched, []);
    assert.deepEqual(m.unused, []);
    assert.deepEqual(problemLines(m, 2), []);
  });
  it('lists rows without a file, files without a row, and counts that disagree', () => {
    const m = matchFiles(tsv('a.png', 'missing.png'), [file('a.png'), file('extra/c.gif')]);
    assert.deepEqual(m.unmatched.map((u) => u.line), [3]);
    assert.deepEqual(m.unused, ['extra/c.gif']);
    const lines = problemLines(m, 2);
    assert.ok(lines.includes(`${NO_COVARIATE_INFO} extra/c.gif`));
    assert.ok(lines[0].startsWith('Line 3: no file missing.png'));
    assert.ok(!lines.includes(WRONG_COUNT)); // two names, two files: the counts agree
    assert.ok(problemLines(matchFiles(tsv('a.png'), [file('a.png'), file('b.png')]), 2).includes(WRONG_COUNT));
  });
  it('calls two candidates ambiguous and forgives backslashes', () => {
    const m = matchFiles(tsv('a.png'), [file('x/a.png'), file('y/a.png')]);
    assert.equal(m.unmatched[0].candidates.length, 2);
    assert.equal(normalPath('.\\img\\a.png'), 'img/a.png');
    assert.ok(isSystemFile('pick/.DS_Store') && isSystemFile('Thumbs.db') && !isSystemFile('a.png'));
  });
});

describe('which failed sends are retried', () => {
  it('retries a dropped connection and the server\'s trouble, not a full disk or a quota', () => {
    assert.equal(retryable(0), true);
    assert.equal(retryable(503, 'unavailable'), true);
    assert.equal(retryable(400, 'hash_mismatch'), true);
    assert.equal(retryable(507, 'disk_low'), false);
    assert.equal(retryable(413, 'media_quota'), false);
  });
});

describe('what to do after files failed', () => {
  it('names a file refused for its type and never offers Resume upload for it', () => {
    const out = failedUploadText([
      { path: 'stim/a.png', name: 'abc.png' },
      { path: 'stim/photo.txt', code: 'unsupported_media_type', message: 'stim/photo.txt is not an accepted image or video' },
    ]);
    assert.equal(out.resumable, false);
    assert.match(out.text, /photo\.txt is not an image \(PNG, JPEG, GIF or WebP\) or a video \(MP4, WebM or Ogg\)/);
    assert.match(out.text, /choose the files again/);
    assert.doesNotMatch(out.text, /Resume upload/);
  });

  it('offers Resume upload for files that failed on the way, beside the refused one', () => {
    const out = failedUploadText([
      { path: 'stim/photo.txt', code: 'unsupported_media_type' },
      { path: 'stim/b.png', code: 'network' },
    ]);
    assert.equal(out.resumable, true);
    assert.match(out.text, /photo\.txt is not an image/);
    assert.match(out.text, /1 file could not be sent, so no set was made\. Press Resume upload to try again/);
  });
});
