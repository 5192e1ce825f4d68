import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { researcherRoutes } from './routes';

// routes.json is the one list of researcher pages: the Go server answers these paths with
// researcher.html, the router renders them. A pattern without a page would show "not
// found" on a path the server says exists; a page without a pattern could never be reached.
// The unit runner runs from frontend/.
const listed: string[] = JSON.parse(readFileSync(join(process.cwd(), 'src/researcher/routes.json'), 'utf8')).routes;

describe('researcher routes', () => {
  it('routes.json lists some routes', () => {
    assert.ok(listed.length > 5);
  });

  for (const pattern of listed) {
    it(`${pattern} has a page`, () => {
      assert.equal(typeof researcherRoutes[pattern], 'function', `routes.json lists ${pattern} but the App has no page for it`);
    });
  }

  it('every page has a pattern in routes.json', () => {
    const extra = Object.keys(researcherRoutes).filter((p) => !listed.includes(p));
    assert.deepEqual(extra, [], `pages without a pattern in routes.json: ${extra.join(', ')}`);
  });
});
