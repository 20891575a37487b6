import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { directImports } from './vite/direct-imports.ts';
import { faceModels } from './vite/face-models.ts';
import { firstLoadChunks, firstLoadGroups } from './vite/first-load-chunks.ts';
import { fontPreload } from './vite/font-preload.ts';
import { scriptFontSheets } from './vite/script-font-sheets.ts';

// The API runs on its own port in development; proxying keeps the browser on one origin so the
// session cookie and `credentials: 'same-origin'` work exactly as they do in production.
const apiProxy = {
  '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false },
};

export default defineConfig(({ isSsrBuild }) => ({
  // Pinned so `vite --config apps/web/vite.config.ts` from the repo root builds the same thing.
  root: fileURLToPath(new URL('.', import.meta.url)),
  // The first-load chunking (vite/first-load-chunks.ts) is for browsers; the build-time rendering
  // bundle is one file.
  plugins: [
    react(),
    // Both builds: the pre-rendering bundle imports the font sheets' addresses too.
    scriptFontSheets(),
    ...(isSsrBuild ? [] : [directImports(), firstLoadChunks(), faceModels(), fontPreload()]),
  ],
  define: {
    // Locale files are not hashed; a per-build query string stops browsers using stale ones.
    __BUILD_ID__: JSON.stringify(Date.now().toString(36)),
  },
  server: { host: '127.0.0.1', port: 5173, proxy: apiProxy },
  preview: { host: '127.0.0.1', port: 4173, proxy: apiProxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The signed-in chunk carries Ant Design; it is loaded lazily, so its size is expected.
    chunkSizeWarningLimit: 1200,
    // One stylesheet for every page: pre-rendered pages (scripts/prerender.ts) must be styled at
    // first paint, before the page's own chunk would have brought its CSS. It is small (public
    // pages use CSS modules; Ant Design brings its styles in JavaScript).
    cssCodeSplit: false,
    // The build-time rendering bundle needs no copy of the static files.
    copyPublicDir: !isSsrBuild,
    // Chunks by what each entry loads up front (vite/first-load-chunks.ts). The groups leave out
    // the modules their modules import (each sits in its own group), so entry chunks need not
    // keep their export signatures for them.
    rolldownOptions: isSsrBuild
      ? {}
      : { preserveEntrySignatures: false, output: { codeSplitting: { groups: firstLoadGroups() } } },
  },
}));
