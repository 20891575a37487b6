/** Set by `define` in vite.config.ts: changes every build, used to bust cached locale files. */
declare const __BUILD_ID__: string;
