import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { detectedText, ingestSettings, lineOfRecord, parsePasted, raggedText, setName, uploadSchema } from './model';

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
    const s = ingestSettings({ setname: 'My News!', category: 'news', stimuli: TSV }, parsePasted(TSV));
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
    assert.equal(ingestSettings({ setname: 'x', category: 'ads', stimuli: text }, parsePasted(text)).covariates[0].entity_url, 'https://cdn.example/x.jpg');
  });
});

describe('lineOfRecord', () => {
  it("says which line the server's record is", () => {
    assert.equal(lineOfRecord('record 2: column entity_type is empty', parsePasted(TSV)), 'Record 2 is line 4 of the pasted text.');
    assert.equal(lineOfRecord('A stimulus set named "x" already exists', parsePasted(TSV)), '');
    assert.equal(lineOfRecord('record 9: column entity_type is empty', parsePasted(TSV)), '');
  });
});
