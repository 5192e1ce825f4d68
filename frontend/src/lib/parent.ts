// Messages to the page that embeds the feed (a survey tool framing it). They go only to
// the origins the appliance was told may embed it (serve --frame-ancestors, given to the
// page as <meta name="feedlab-frame-parents">) and to feedlab's own origin, never to '*':
// a page that framed the feed without permission learns nothing from it.

/** parentOrigins are the exact origins this page may post to when framed. */
export function parentOrigins(doc: Pick<Document, 'querySelector'> = document, self: string = location.origin): string[] {
  const meta = doc.querySelector('meta[name="feedlab-frame-parents"]');
  const listed = (meta?.getAttribute('content') ?? '').split(/\s+/).filter((o) => /^https?:\/\/[^\s/*]+$/.test(o));
  return [self, ...listed.filter((o) => o !== self)];
}

/** postToParent sends message to the embedding page, if any, at each allowed origin (the
 * browser delivers it only where the parent's origin matches). */
export function postToParent(message: unknown): void {
  if (window.parent === window) return;
  for (const origin of parentOrigins()) window.parent.postMessage(message, origin);
}
