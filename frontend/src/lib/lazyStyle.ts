// The stylesheets of the participant's lazy chunks (the questionnaires, the comment thread,
// the compose box). esbuild would put a lazy module's CSS into the first load's stylesheet,
// which every phone downloads before its first card; build.mjs (lazyStyles) instead emits
// it as a file of its own and turns the module's CSS import into needStyle(url). A lazy page
// is imported through styled(), which resolves once its stylesheets have arrived, so it
// never paints unstyled.

const sheets = new Map<string, Promise<void>>();

/** needStyle adds the stylesheet at href to the page once, and starts loading it. */
export function needStyle(href: string): Promise<void> {
  let ready = sheets.get(href);
  if (ready) return ready;
  ready = new Promise<void>((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    // A sheet that cannot load (offline) must not hold the page back: it shows unstyled
    // rather than not at all.
    link.onload = () => resolve();
    link.onerror = () => resolve();
    document.head.appendChild(link);
  });
  sheets.set(href, ready);
  return ready;
}

/** styled resolves to a lazy module once every stylesheet asked for so far has loaded
 * (its own, asked for while the module ran). */
export function styled<T>(module: T): Promise<T> {
  return Promise.all(sheets.values()).then(() => module);
}
