import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/** The font sheets of the scripts Hind Siliguri does not draw, by language (lib/script-fonts.ts). */
const SHEETS: Record<string, string[]> = {
  // Regular and bold: antd's medium and semibold text takes the nearer of the two.
  zh: ['@fontsource/noto-sans-sc/400.css', '@fontsource/noto-sans-sc/700.css'],
  ar: [
    '@fontsource/noto-sans-arabic/400.css',
    '@fontsource/noto-sans-arabic/600.css',
    '@fontsource/noto-sans-arabic/700.css',
  ],
};

const ID = 'virtual:script-font-sheets';
const RESOLVED = `\0${ID}`;
const hashOf = (data: string | Buffer) =>
  crypto.createHash('sha256').update(data).digest('base64url').slice(0, 8);

/**
 * Ships each script's font sheets as files of their own, fetched only on a page in that language.
 * Imported from JavaScript they would join the one style sheet every page loads (vite.config.ts
 * `cssCodeSplit: false`): Noto Sans SC's 200 unicode-range faces made it 350 kB and blocked the
 * first paint of English and Bangla pages too. `virtual:script-font-sheets` gives their
 * addresses by language; the faces keep only their woff2 files (every browser we serve reads
 * them; the woff copies were never fetched).
 */
export function scriptFontSheets(): Plugin {
  const require = createRequire(import.meta.url);
  let serving = false;
  return {
    name: 'batchwise-script-font-sheets',
    configResolved(config) {
      serving = config.command === 'serve';
    },
    resolveId: (id) => (id === ID ? RESOLVED : null),
    load(id) {
      if (id !== RESOLVED) return null;
      const urls: Record<string, string[]> = {};
      for (const [language, sheets] of Object.entries(SHEETS)) {
        urls[language] = sheets.map((sheet) => {
          const file = require.resolve(sheet);
          // The dev server serves files outside the root under /@fs/.
          if (serving) return `/@fs${file}`;
          const css = fs
            .readFileSync(file, 'utf8')
            .replace(
              /src: url\(\.\/files\/([\w.-]+\.woff2)\) format\('woff2'\)[^;]*;/g,
              (_rule, font: string) => {
                const bytes = fs.readFileSync(path.join(path.dirname(file), 'files', font));
                const fileName = `assets/${font.replace(/\.woff2$/, '')}-${hashOf(bytes)}.woff2`;
                this.emitFile({ type: 'asset', fileName, source: bytes });
                return `src: url(/${fileName}) format('woff2');`;
              },
            );
          const name = sheet
            .replace(/^@fontsource\//, '')
            .replace(/\//g, '-')
            .replace(/\.css$/, '');
          const fileName = `assets/${name}-${hashOf(css)}.css`;
          this.emitFile({ type: 'asset', fileName, source: css });
          return `/${fileName}`;
        });
      }
      return `export default ${JSON.stringify(urls)};`;
    },
  };
}
