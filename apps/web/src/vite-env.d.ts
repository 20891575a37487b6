/** Set by `define` in vite.config.ts: changes every build, used to bust cached locale files. */
declare const __BUILD_ID__: string;

/** Addresses of each script's font sheets by language (vite/script-font-sheets.ts). */
declare module 'virtual:script-font-sheets' {
  const sheets: Partial<Record<string, string[]>>;
  export default sheets;
}
