import fs from 'node:fs/promises';
import path from 'node:path';
import { bundledFaces } from '../exports/pdf-fonts';

// The app's own typefaces (Hind Siliguri, and Noto Sans Arabic and SC for Arabic and Chinese),
// as the web build bundles them under hashed names, so the status page shows every language as
// the rest of the site does without loading any of the app. Each subset keeps its unicode-range,
// so a browser downloads only those its page uses.

/** `@font-face` rules for the build's font files; empty when the build has none. */
export async function statusFontFaces(webDist: string): Promise<string> {
  const files = await fs.readdir(path.join(webDist, 'assets')).catch(() => [] as string[]);
  const rules: string[] = [];
  for (const face of bundledFaces()) {
    const file = files.find((f) => f.startsWith(`${face.name}-`) && f.endsWith('.woff2'));
    if (file)
      rules.push(
        `@font-face{font-family:"${face.family}";font-style:normal;font-display:swap;font-weight:${face.weight};src:url(/assets/${file}) format("woff2");unicode-range:${face.range}}`,
      );
  }
  return rules.join('');
}
