import { PDF_FONT_FAMILY, pdfFontCss } from './pdf-fonts';
import type { Table } from './xlsx';

export const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return String(value);
}

/**
 * The table as a printable HTML page; every value is escaped text, never markup. The fonts are
 * those its text needs (pdf-fonts.ts), so Bangla, Arabic and Chinese cells print shaped.
 */
export function tableHtml(table: Table, generatedAt: string): string {
  const small = table.headers.length > 9;
  const body = `${table.title ? `<h1>${escapeHtml(table.title)}</h1>` : ''}<p class="meta">${escapeHtml(generatedAt)}</p>
<table><thead><tr>${table.headers.map((h) => `<th>${escapeHtml(h)}</th>`).join('')}</tr></thead>
<tbody>${table.rows
    .map(
      (row) => `<tr>${table.headers.map((_, i) => `<td>${escapeHtml(cellText(row[i]))}</td>`).join('')}</tr>`,
    )
    .join('\n')}</tbody></table>`;
  return `<!doctype html>
<html lang="bn"><head><meta charset="utf-8"><title>${escapeHtml(table.title)}</title>
<style>
${pdfFontCss(`${table.title} ${body}`)}
* { box-sizing: border-box; }
body { font-family: ${PDF_FONT_FAMILY}; margin: 0; color: #1f2328; }
h1 { font-size: 14pt; font-weight: 600; margin: 0 0 2mm; }
p.meta { font-size: 8pt; color: #57606a; margin: 0 0 4mm; }
table { width: 100%; border-collapse: collapse; font-size: ${small ? 8 : 10}pt; table-layout: auto; }
th, td { border: 0.5pt solid #8c959f; padding: 1.2mm 1.6mm; text-align: left; vertical-align: top; overflow-wrap: anywhere; }
th { background: #0f9d8a; color: #fff; font-weight: 600; }
tr:nth-child(even) td { background: #f6f8fa; }
thead { display: table-header-group; }
tr { break-inside: avoid; }
</style></head><body>
${body}
</body></html>`;
}
