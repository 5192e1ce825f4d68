import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { checkRows, detectedText, ingestSettings, inRowNumbers, isStimulusURL, parsePasted, raggedText, rowName, setName, uploadSchema } from './model';

// The cases stimuli.SetName is tested with (stimuli/setname_cases_test.go reads the same
// file): the name the page shows is the name the server stores. Tests run from frontend/.
const fixture = JSON.parse(readFileSync(join(process.cwd(), '..', 'stimuli', 'testdata', 'setname_cases.json'), 'utf8')) as {
  cases: Array<{ name: string; now: string; ident: string; want: string | null }>;
};

describe('setName (shared cases with the server)', () => {
  assert.ok(fixture.cases.length > 10);
  for (const c of fixture.cases) {
    it(c.name, () => assert.equal(setName(new Date(c.now), c.ident), c.want));
  }
});

const TSV = [
  'source_url\tfilename\tretrieve_date\tentity_type\theadline\tlean',
  'https://a.example/1.jpg\t1.jpg\t2024-01-02\timage\tFirst & foremost\tleft',
  '',
  'https://a.example/2.jpg\t2.jpg\t2024-01-02\timage\tSecond\tright',
].join('\r\n');

describe('parsePasted', () => {
  it('counts columns and rows, skipping blank lines but counting them for line numbers', () => {
    const p = parsePasted(TSV);
    assert.equal(detectedText(p), 'Detected 6 columns and 2 rows');
    assert.deepEqual(p.missing, []);
    assert.deepEqual(
      p.rows.map((r) => r.line),
      [2, 4],
    );
    assert.equal(p.rows[1].fields[5], 'right', 'the CR of CRLF is dropped');
  });
  it('drops a byte order mark and leading blank lines, trims header names', () => {
    const p = parsePasted('\uFEFF\n  \n source_url \tfilename\tretrieve_date\tentity_type\nu\tf\td\tt\n');
    assert.deepEqual(p.columns, ['source_url', 'filename', 'retrieve_date', 'entity_type']);
    assert.equal(p.rows.length, 1);
    assert.equal(p.rows[0].line, 4);
  });
  it('names missing required columns in the required order (names are exact)', () => {
    const p = parsePasted('Source_URL\tfilename\theadline\nu\tf\th');
    assert.deepEqual(p.missing, ['source_url', 'retrieve_date', 'entity_type']);
  });
  it('finds rows with the wrong number of fields; a line of tabs is a row', () => {
    const p = parsePasted('source_url\tfilename\tretrieve_date\tentity_type\nu\tf\td\n\t\t\t\nu\tf\td\tt\tx');
    assert.equal(p.rows.length, 3);
    assert.equal(p.raggedCount, 2);
    assert.equal(raggedText(p), 'Line 2 has 3 fields, but the header has 4 columns (and 1 more line). A value cannot contain a tab or a line break.');
  });
  it('reads nothing from blank text', () => {
    assert.equal(parsePasted(' \n\n').columns.length, 0);
  });
});

describe('uploadSchema', () => {
  const valid = { setname: 'My News!', category: 'news', stimuli: TSV };
  it('accepts a complete form', async () => {
    assert.equal(await uploadSchema.isValid(valid), true);
  });
  it('names the missing column', async () => {
    const stimuli = 'source_url\tfilename\tretrieve_date\nu\tf\td';
    await assert.rejects(uploadSchema.validateAt('stimuli', { ...valid, stimuli }), /^ValidationError: Missing required column: entity_type\. /);
  });
  it('refuses a header without rows, a name with nothing kept, an unknown category', async () => {
    await assert.rejects(uploadSchema.validateAt('stimuli', { ...valid, stimuli: 'source_url\tfilename\tretrieve_date\tentity_type' }), /no rows/);
    await assert.rejects(uploadSchema.validateAt('setname', { ...valid, setname: '!!!' }), /at least one letter/);
    await assert.rejects(uploadSchema.validateAt('category', { ...valid, category: 'test' }), /Choose a category/);
  });
});

describe('ingestSettings', () => {
  it('builds one record per row: headline URL-encoded, entity_url = source_url, other columns as given', () => {
    const s = ingestSettings({ setname: 'My News!', category: 'news', stimuli: TSV, comments: '' }, parsePasted(TSV));
    assert.equal(s.setname, 'My News!');
    assert.equal(s.category, 'news');
    assert.deepEqual(s.covariates[0], {
      source_url: 'https://a.example/1.jpg',
      filename: '1.jpg',
      retrieve_date: '2024-01-02',
      entity_type: 'image',
      headline: 'First%20%26%20foremost',
      lean: 'left',
      entity_url: 'https://a.example/1.jpg',
    });
  });
  it("keeps the paste's own entity_url", () => {
    const text = 'source_url\tfilename\tretrieve_date\tentity_type\tentity_url\nu\tf\td\tt\thttps://cdn.example/x.jpg';
    assert.equal(ingestSettings({ setname: 'x', category: 'ads', stimuli: text, comments: '' }, parsePasted(text)).covariates[0].entity_url, 'https://cdn.example/x.jpg');
  });
});

describe('seeded comments', () => {
  it('are sent as pasted, and left out when the box is empty', () => {
    const comments = 'comment_id\tfilename\tauthor\ttext\nc1\t1.jpg\tDana\tFalse.';
    assert.equal(ingestSettings({ setname: 'x', category: 'news', stimuli: TSV, comments }, parsePasted(TSV)).comments, comments);
    assert.ok(!('comments' in ingestSettings({ setname: 'x', category: 'news', stimuli: TSV, comments: ' \n' }, parsePasted(TSV))));
  });
});

describe('the rows as the researcher counts them', () => {
  it("names a row by its line (the header is row 1) and its card, and rewrites the server's records so", () => {
    const p = parsePasted(TSV);
    assert.equal(rowName(p, 2), 'Row 4 (card 2)');
    assert.equal(inRowNumbers('record 2: column entity_type is empty', p), 'Row 4 (card 2): column entity_type is empty');
    assert.equal(inRowNumbers('A stimulus set named "x" already exists', p), 'A stimulus set named "x" already exists');
    assert.equal(inRowNumbers('record 9: column entity_type is empty', p), 'Card 9: column entity_type is empty');
  });

  it('flags every problem at once: empty values and bad links block, a repeated file name warns', () => {
    const text = [
      'source_url\tfilename\tretrieve_date\tentity_type',
      'https://a.example/1.jpg\t1.jpg\t2024-01-02\timage',
      'javascript:alert(1)\t2.jpg\t2024-01-02\timage',
      '',
      'https://a.example/3.jpg\t\t2024-01-02\timage',
      '/media/abc.png\t1.jpg\t2024-01-02\t',
    ].join('\n');
    const found = checkRows(parsePasted(text));
    assert.deepEqual(found.problems, [
      'Row 3 (card 2): source_url must be an http:// or https:// link or a path of this appliance (/media/, /img/, /video/), not "javascript:alert(1)".',
      'Row 5 (card 3): filename is empty.',
      'Row 6 (card 4): entity_type is empty.',
    ]);
    assert.deepEqual(found.warnings, ['Row 6 (card 4): filename 1.jpg is also on row 2 (card 1); both cards name the same file.']);
  });

  it('takes the links the server takes', () => {
    for (const ok of ['https://a.example/x.jpg', 'http://10.0.0.2:8080/x', '/media/ab.png', '/img/x.png', '/video/v.mp4']) assert.ok(isStimulusURL(ok), ok);
    for (const bad of ['javascript:alert(1)', '//evil.example/x.png', 'x.png', 'ftp://a/b', 'data:image/png;base64,AAA', '/etc/passwd']) assert.ok(!isStimulusURL(bad), bad);
  });
});
