// Starlark files (the ranking examples in docs/ranking) are bundled as their text
// (esbuild's text loader, build.mjs), so the wizard offers the same scripts the docs show.
declare module '*.star' {
  const text: string;
  export default text;
}
