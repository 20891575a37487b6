import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

// The fonts a printed page (table PDFs, report cards) needs for its text, inlined so the PDF
// renderer never fetches anything: Hind Siliguri (the web app's font) for Latin and Bangla, Noto
// Sans Arabic for Arabic and Noto Sans SC for Chinese, all shipped as npm packages, so a new
// machine needs no system fonts. Each package is split into unicode-range subsets (Noto Sans SC
// into about a hundred); a page inlines only the subsets holding a character of its text, which
// keeps an English or Bangla page as small as before and a Chinese one to the chunks it uses.

/** The families in fallback order; the first that has a character draws it. */
export const PDF_FONT_FAMILY = "'Hind Siliguri', 'Noto Sans Arabic', 'Noto Sans SC', sans-serif";

interface FontPackage {
  family: string;
  pkg: string;
  /** Weights inlined: regular and the semi-bold of headings and table heads. */
  weights: readonly number[];
  /** The subsets taken; Noto Sans Arabic's Latin and symbol subsets are left to the others. */
  files?: RegExp;
}

// Chinese chunks are inlined in regular weight only: Chromium thickens it for bold text, and a
// page of Chinese names would otherwise carry every chunk twice.
const PACKAGES: readonly FontPackage[] = [
  { family: 'Hind Siliguri', pkg: '@fontsource/hind-siliguri', weights: [400, 600] },
  {
    family: 'Noto Sans Arabic',
    pkg: '@fontsource/noto-sans-arabic',
    weights: [400, 600],
    files: /-arabic-\d/,
  },
  { family: 'Noto Sans SC', pkg: '@fontsource/noto-sans-sc', weights: [400] },
];

export interface BundledFace {
  family: string;
  weight: number;
  /** The woff2 file's name without extension (`noto-sans-sc-119-400-normal`), as fontsource names it. */
  name: string;
  file: string;
  range: string;
  spans: readonly (readonly [number, number])[];
}

/** `U+0980-09FE,U+200C` as code point spans. */
function spansOf(range: string): [number, number][] {
  return range.split(',').map((part) => {
    const [from, to] = part.trim().replace(/^U\+/i, '').split('-');
    const start = Number.parseInt(from!, 16);
    return [start, to === undefined ? start : Number.parseInt(to, 16)];
  });
}

/** The faces of a package's CSS for one weight (fontsource writes one block per subset). */
function facesOf(font: FontPackage, weight: number): BundledFace[] {
  const dir = path.dirname(require.resolve(`${font.pkg}/package.json`));
  const css = readFileSync(path.join(dir, `${weight}.css`), 'utf8');
  const faces: BundledFace[] = [];
  for (const block of css.split('@font-face').slice(1)) {
    const file = /url\(\.\/files\/([^)]+\.woff2)\)/.exec(block)?.[1];
    const range = /unicode-range:\s*([^;]+);/.exec(block)?.[1]?.trim();
    if (!file || !range || (font.files && !font.files.test(file))) continue;
    faces.push({
      family: font.family,
      weight,
      name: file.replace(/\.woff2$/, ''),
      file: path.join(dir, 'files', file),
      range,
      spans: spansOf(range),
    });
  }
  return faces;
}

let all: BundledFace[] | undefined;

/** Every subset of the bundled fonts, in fallback order (the status page links them all). */
export function bundledFaces(): readonly BundledFace[] {
  all ??= PACKAGES.flatMap((font) => font.weights.flatMap((weight) => facesOf(font, weight)));
  return all;
}

let owners: Map<number, BundledFace[]> | undefined;
const faceData = new Map<string, string>();

/**
 * For each code point the faces (every weight) of the first family that has it: the one the
 * browser draws it with, so a subset another family already covers is never inlined.
 */
function facesByCodePoint(): Map<number, BundledFace[]> {
  if (owners) return owners;
  const built = new Map<number, BundledFace[]>();
  for (const font of PACKAGES) {
    const taken = new Set<number>();
    for (const face of bundledFaces().filter((f) => f.family === font.family)) {
      for (const [from, to] of face.spans) {
        for (let cp = from; cp <= to; cp++) {
          const list = built.get(cp);
          if (list === undefined) {
            built.set(cp, [face]);
            taken.add(cp);
          } else if (taken.has(cp)) list.push(face);
        }
      }
    }
  }
  owners = built;
  return built;
}

/** The distinct code points of a text, sorted. */
function codePointsOf(text: string): number[] {
  const seen = new Set<number>();
  for (const ch of text) seen.add(ch.codePointAt(0)!);
  return [...seen].sort((a, b) => a - b);
}

/**
 * The `@font-face` rules for the text of a page: only the subsets holding one of its characters
 * (the Latin subset always, for digits and punctuation). Font files are read once and kept.
 */
export function pdfFontCss(text: string): string {
  const byCodePoint = facesByCodePoint();
  const used = new Set<BundledFace>();
  for (const cp of codePointsOf(`0123456789 ${text}`))
    for (const face of byCodePoint.get(cp) ?? []) used.add(face);
  return [...used]
    .map((face) => {
      let data = faceData.get(face.file);
      if (data === undefined) {
        data = readFileSync(face.file).toString('base64');
        faceData.set(face.file, data);
      }
      return `@font-face{font-family:'${face.family}';font-style:normal;font-weight:${face.weight};src:url(data:font/woff2;base64,${data}) format('woff2');unicode-range:${face.range};}`;
    })
    .join('\n');
}
