/**
 * safeNext returns where to go after signing in: `next` when it is a path on this site
 * (one leading "/", not "//" or "/\\", which browsers read as another host), else the
 * fallback. This keeps /login?next=… from sending a researcher to another site.
 */
export function safeNext(next: string | null | undefined, fallback = '/studies'): string {
  if (!next || next[0] !== '/' || next[1] === '/' || next[1] === '\\') return fallback;
  // Control characters (tabs, newlines) are dropped by URL parsers and could hide a "//".
  if (/[\u0000-\u001f\u007f\\]/.test(next)) return fallback;
  try {
    const url = new URL(next, 'http://feedlab.invalid');
    if (url.origin !== 'http://feedlab.invalid') return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}
