/**
 * safeNext returns where to go after signing in: `next` when it is a path on this site,
 * else the fallback. This keeps /login?next=… from sending a researcher to another site.
 *
 * The path is resolved first (percent-decoded dot segments removed, as the browser will)
 * and the result is what is checked and returned: `/..//evil.example` and
 * `/%2e%2e//evil.example` both resolve to `//evil.example`, which a browser opens as another
 * host. Only a resolved path starting with a single "/" (not "//", no backslash, no control
 * character, no scheme) is kept.
 */
export function safeNext(next: string | null | undefined, fallback = '/studies'): string {
  if (!next || !sameOriginPath(next)) return fallback;
  let resolved: string;
  try {
    const url = new URL(next, 'http://feedlab.invalid');
    if (url.origin !== 'http://feedlab.invalid') return fallback;
    resolved = url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
  return sameOriginPath(resolved) ? resolved : fallback;
}

/** sameOriginPath: one leading "/", not "//" or "/\\" (browsers read both as another host),
 * and no control character or backslash anywhere (URL parsers drop tabs and newlines and
 * turn backslashes into slashes, which could hide a "//"). */
function sameOriginPath(path: string): boolean {
  if (path[0] !== '/' || path[1] === '/' || path[1] === '\\') return false;
  return !/[\u0000-\u001f\u007f\\]/.test(path);
}
