import fs from 'node:fs/promises';
import path from 'node:path';

// The app's own typeface (Hind Siliguri, bundled by the web build under hashed names), so the
// status page shows Bangla as the rest of the site does without loading any of the app.
const SUBSETS = {
  bengali:
    'U+0951-0952,U+0964-0965,U+0980-09FE,U+1CD0,U+1CD2,U+1CD5-1CD6,U+1CD8,U+1CE1,U+1CEA,U+1CED,U+1CF2,U+1CF5-1CF7,U+200C-200D,U+20B9,U+25CC,U+A8F1',
  latin:
    'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD',
};
const WEIGHTS = [400, 600];

/** `@font-face` rules for the build's Hind Siliguri files; empty when the build has none. */
export async function statusFontFaces(webDist: string): Promise<string> {
  const files = await fs.readdir(path.join(webDist, 'assets')).catch(() => [] as string[]);
  const rules: string[] = [];
  for (const [subset, range] of Object.entries(SUBSETS)) {
    for (const weight of WEIGHTS) {
      const file = files.find(
        (f) => f.startsWith(`hind-siliguri-${subset}-${weight}-normal-`) && f.endsWith('.woff2'),
      );
      if (file)
        rules.push(
          `@font-face{font-family:"Hind Siliguri";font-style:normal;font-display:swap;font-weight:${weight};src:url(/assets/${file}) format("woff2");unicode-range:${range}}`,
        );
    }
  }
  return rules.join('');
}
