import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Table } from './xlsx';

const require = createRequire(import.meta.url);

/**
 * The bundled Bangla font (Hind Siliguri, the web app's font), inlined so the PDF renderer never
 * fetches anything. Read once, at first use.
 */
let fontCss: string | undefined;
export function fonts(): string {
  if (fontCss) return fontCss;
  const dir = path.join(path.dirname(require.resolve('@fontsource/hind-siliguri/package.json')), 'files');
  const faces: string[] = [];
  for (const weight of [400, 600]) {
    for (const [subset, range] of [
      [
        'bengali',
        'U+0951-0952, U+0964-0965, U+0980-09FE, U+1CD0, U+1CD2, U+1CD5-1CD6, U+1CD8, U+1CE1, U+1CEA, U+1CED, U+1CF2, U+1CF5-1CF7, U+200C-200D, U+20B9, U+25CC, U+A8F1',
      ],
      [
        'latin',
        'U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD',
      ],
    ] as const) {
      const data = readFileSync(path.join(dir, `hind-siliguri-${subset}-${weight}-normal.woff2`)).toString(
        'base64',
      );
      faces.push(
        `@font-face{font-family:'Hind Siliguri';font-style:normal;font-weight:${weight};src:url(data:font/woff2;base64,${data}) format('woff2');unicode-range:${range};}`,
      );
    }
  }
  fontCss = faces.join('\n');
  return fontCss;
}

export const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return String(value);
}

/** The table as a printable HTML page; every value is escaped text, never markup. */
export function tableHtml(table: Table, generatedAt: string): string {
  const small = table.headers.length > 9;
  return `<!doctype html>
<html lang="bn"><head><meta charset="utf-8"><title>${escapeHtml(table.title)}</title>
<style>
${fonts()}
* { box-sizing: border-box; }
body { font-family: 'Hind Siliguri', sans-serif; margin: 0; color: #1f2328; }
h1 { font-size: 14pt; font-weight: 600; margin: 0 0 2mm; }
p.meta { font-size: 8pt; color: #57606a; margin: 0 0 4mm; }
table { width: 100%; border-collapse: collapse; font-size: ${small ? 8 : 10}pt; table-layout: auto; }
th, td { border: 0.5pt solid #8c959f; padding: 1.2mm 1.6mm; text-align: left; vertical-align: top; overflow-wrap: anywhere; }
th { background: #0f9d8a; color: #fff; font-weight: 600; }
tr:nth-child(even) td { background: #f6f8fa; }
thead { display: table-header-group; }
tr { break-inside: avoid; }
</style></head><body>
${table.title ? `<h1>${escapeHtml(table.title)}</h1>` : ''}<p class="meta">${escapeHtml(generatedAt)}</p>
<table><thead><tr>${table.headers.map((h) => `<th>${escapeHtml(h)}</th>`).join('')}</tr></thead>
<tbody>${table.rows
    .map(
      (row) => `<tr>${table.headers.map((_, i) => `<td>${escapeHtml(cellText(row[i]))}</td>`).join('')}</tr>`,
    )
    .join('\n')}</tbody></table>
</body></html>`;
}
