import {
  languageDirection,
  languageLocale,
  type ReportCard,
  type ReportLanguage,
  toLanguageDigits,
} from '@batchwise/domain';
import { PDF_FONT_FAMILY, pdfFontCss } from '../exports/pdf-fonts';
import { REPORT_LABELS, type ReportLabels } from './report-labels';

// Report cards as a printable A4 page each (the report cards capability's "PDF / print with Bangla shaped
// correctly"): rendered by headless Chromium (exports/pdf-renderer.ts), which shapes Bangla
// conjuncts and joins Arabic letters as a browser does, with the bundled fonts the text needs
// inlined (exports/pdf-fonts.ts) and pictures as data URLs, so the page loads nothing. Arabic
// cards read right to left. Every value is escaped text, never markup.

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

interface Format {
  l: ReportLabels;
  n: (value: number, decimals?: number) => string;
  pct: (value: number | null) => string;
  day: (day: string) => string;
  time: (ms: number) => string;
}

function formatFor(lang: ReportLanguage): Format {
  // Arabic keeps Western digits, as the card's SMS and dates do; Bangla writes Bangla digits.
  const locale = languageLocale(lang);
  const n = (value: number, decimals = 0) =>
    new Intl.NumberFormat(locale, { minimumFractionDigits: decimals, maximumFractionDigits: 2 }).format(
      value,
    );
  return {
    l: REPORT_LABELS[lang],
    n,
    pct: (value) => (value === null ? '–' : `${n(value, 2)}%`),
    // DD-MM-YYYY, the spec's date format.
    day: (day) => {
      const [y, m, d] = day.split('-');
      return toLanguageDigits(`${d}-${m}-${y}`, lang);
    },
    // CLDR's Bangla short time keeps the Latin AM/PM; Bangla readers expect the day period
    // (সকাল, দুপুর, রাত্রি), as the web's formatDateTime writes it.
    time: (ms) =>
      new Intl.DateTimeFormat(
        locale,
        lang === 'bn'
          ? {
              timeZone: 'Asia/Dhaka',
              day: 'numeric',
              month: 'short',
              year: 'numeric',
              hour: 'numeric',
              minute: '2-digit',
              dayPeriod: 'short',
            }
          : { timeZone: 'Asia/Dhaka', dateStyle: 'medium', timeStyle: 'short' },
      ).format(ms),
  };
}

const STYLE = `
* { box-sizing: border-box; }
body { font-family: ${PDF_FONT_FAMILY}; margin: 0; color: #1f2328; font-size: 9pt; line-height: 1.3; }
.card { break-after: page; }
.card:last-child { break-after: auto; }
header { display: flex; align-items: center; gap: 4mm; border-bottom: 0.8mm solid #0f9d8a; padding-bottom: 2mm; }
header img { width: 13mm; height: 13mm; object-fit: contain; }
header h1 { font-size: 14pt; margin: 0; font-weight: 600; }
header p { margin: 0; color: #57606a; }
.title { margin-inline-start: auto; text-align: end; }
.title strong { display: block; font-size: 12pt; color: #0b7a6b; }
.who { display: flex; gap: 4mm; align-items: center; margin: 2.5mm 0 1.5mm; }
.who img, .who .initial { width: 16mm; height: 16mm; border-radius: 2mm; object-fit: cover; }
.who .initial { display: flex; align-items: center; justify-content: center; background: #e6f4f1; color: #0b7a6b; font-size: 16pt; font-weight: 600; }
.who dl { display: grid; grid-template-columns: max-content 1fr max-content 1fr; gap: 0.4mm 3mm; margin: 0; flex: 1; }
.who dt { color: #57606a; }
.who dd { margin: 0; font-weight: 600; }
h2 { font-size: 10pt; margin: 2.5mm 0 1mm; color: #0b7a6b; }
.boxes { display: grid; grid-template-columns: repeat(5, 1fr); gap: 2mm; }
.box { border: 0.3mm solid #c9d1d9; border-radius: 2mm; padding: 1.2mm 2mm; text-align: center; }
.box span { display: block; color: #57606a; font-size: 7.5pt; }
.box strong { font-size: 11.5pt; }
.pass { color: #1a7f37; } .fail { color: #cf222e; }
.meta { color: #57606a; margin: 1mm 0 0; }
table { width: 100%; border-collapse: collapse; }
th, td { border: 0.25mm solid #c9d1d9; padding: 0.5mm 1.5mm; text-align: start; vertical-align: top; }
th { background: #0f9d8a; color: #fff; font-weight: 600; }
/* In an Arabic card a cell or score box keeps the order of its own text, so grades, marks and
   dates (A+, 80 / 100) read left to right; the columns still run right to left. */
td, th, .box strong { unicode-bidi: plaintext; }
[dir='rtl'] td, [dir='rtl'] th { text-align: right; }
[dir='rtl'] td.num, [dir='rtl'] th.num { text-align: left; }
td.num, th.num { text-align: end; white-space: nowrap; }
tfoot td { font-weight: 600; background: #f6f8fa; }
tr { break-inside: avoid; }
.parts { color: #57606a; font-size: 7.5pt; }
.assessment { break-inside: avoid; }
.remark { border: 0.3mm solid #c9d1d9; border-radius: 2mm; padding: 1.5mm 3mm; min-height: 10mm; white-space: pre-wrap; }
.signs { display: flex; justify-content: space-between; margin-top: 10mm; }
.signs div { width: 55mm; border-top: 0.3mm solid #57606a; text-align: center; padding-top: 1mm; color: #57606a; }
footer { margin-top: 3mm; color: #57606a; font-size: 7.5pt; display: flex; justify-content: space-between; }
`;

function resultWord(f: Format, passed: boolean | null, complete: boolean): string {
  if (!complete || passed === null) return `<strong>${escapeHtml(f.l.incomplete)}</strong>`;
  return passed
    ? `<strong class="pass">${escapeHtml(f.l.passed)}</strong>`
    : `<strong class="fail">${escapeHtml(f.l.failed)}</strong>`;
}

function overview(card: ReportCard, f: Format): string {
  const o = card.overview;
  const gpa =
    card.mode === 'gpa' && o.gpa !== null ? `${f.n(o.gpa, 2)} (${escapeHtml(o.letter ?? '')})` : '–';
  const position = o.position === null ? '–' : escapeHtml(f.l.positionOf(f.n(o.position), f.n(o.classSize)));
  const boxes = [
    [f.l.totalMarks, `${f.n(o.obtained)} / ${f.n(o.fullMarks)}`],
    [f.l.average, f.pct(o.percent)],
    ...(card.mode === 'gpa' ? [[f.l.gpa, gpa]] : []),
    [f.l.position, position],
  ];
  return `<h2>${escapeHtml(f.l.overview)}</h2><div class="boxes">${boxes
    .map(
      ([label, value]) =>
        `<div class="box"><span>${escapeHtml(label!)}</span><strong>${value}</strong></div>`,
    )
    .join(
      '',
    )}<div class="box"><span>${escapeHtml(f.l.result)}</span>${resultWord(f, o.passed, o.complete)}</div></div>
<p class="meta">${escapeHtml(f.l.classAverage)}: ${f.pct(card.average.classPercent)} · ${escapeHtml(f.l.highest)}: ${f.pct(card.average.highestPercent)}</p>`;
}

function termSubjects(card: ReportCard, f: Format): string {
  if (card.assessments.length < 2) return '';
  const gpa = card.mode === 'gpa';
  return `<h2>${escapeHtml(f.l.subjects)}</h2><table><thead><tr><th>${escapeHtml(f.l.subject)}</th><th class="num">${escapeHtml(f.l.percent)}</th>${
    gpa ? `<th class="num">${escapeHtml(f.l.grade)}</th><th class="num">${escapeHtml(f.l.point)}</th>` : ''
  }<th>${escapeHtml(f.l.result)}</th></tr></thead><tbody>${card.overview.subjects
    .map(
      (s) =>
        `<tr><td>${escapeHtml(s.name)}${s.kind === 'optional' ? ` <span class="parts">(${escapeHtml(f.l.optional)})</span>` : ''}</td><td class="num">${f.pct(s.percent)}</td>${
          gpa
            ? `<td class="num">${escapeHtml(s.letter ?? '–')}</td><td class="num">${s.point === null ? '–' : f.n(s.point, 2)}</td>`
            : ''
        }<td>${resultWord(f, s.passed, s.complete)}</td></tr>`,
    )
    .join('')}</tbody></table>`;
}

function assessmentSection(card: ReportCard, a: ReportCard['assessments'][number], f: Format): string {
  const gpa = card.mode === 'gpa';
  const rows = a.subjects
    .map((s) => {
      const parts =
        s.parts.length > 1 || s.parts[0]?.name
          ? ` <span class="parts">· ${s.parts
              .map(
                (p) =>
                  `${escapeHtml(p.name || p.key)} ${p.absent ? escapeHtml(f.l.absent) : p.marks === null ? '–' : f.n(p.marks)}/${f.n(p.fullMarks)}`,
              )
              .join(' · ')}</span>`
          : '';
      const marks = s.absent ? escapeHtml(f.l.absent) : `${f.n(s.obtained)} / ${f.n(s.fullMarks)}`;
      return `<tr><td>${escapeHtml(s.name)}${s.kind === 'optional' ? ` <span class="parts">(${escapeHtml(f.l.optional)})</span>` : ''}${parts}</td><td class="num">${marks}</td><td class="num">${f.pct(s.percent)}</td>${
        gpa
          ? `<td class="num">${escapeHtml(s.letter ?? '–')}</td><td class="num">${s.point === null ? '–' : f.n(s.point, 2)}</td>`
          : ''
      }</tr>`;
    })
    .join('');
  const footGpa = gpa
    ? `<td class="num">${escapeHtml(a.letter ?? '–')}</td><td class="num">${a.gpa === null ? '–' : f.n(a.gpa, 2)}</td>`
    : '';
  const position = a.position === null ? '' : ` · ${escapeHtml(f.l.position)}: ${f.n(a.position)}`;
  return `<div class="assessment"><h2>${escapeHtml(a.name)} <span class="parts">${escapeHtml(f.l.heldOn)} ${f.day(a.heldOn)}${
    card.assessments.length > 1 ? ` · ${escapeHtml(f.l.weight)} ${f.n(a.weight)}%` : ''
  }${position}</span></h2><table><thead><tr><th>${escapeHtml(f.l.subject)}</th><th class="num">${escapeHtml(f.l.marks)}</th><th class="num">${escapeHtml(f.l.percent)}</th>${
    gpa ? `<th class="num">${escapeHtml(f.l.grade)}</th><th class="num">${escapeHtml(f.l.point)}</th>` : ''
  }</tr></thead><tbody>${rows}</tbody><tfoot><tr><td>${resultWord(f, a.passed, a.complete)}</td><td class="num">${f.n(a.obtained)} / ${f.n(a.fullMarks)}</td><td class="num">${f.pct(a.percent)}</td>${footGpa}</tr></tfoot></table></div>`;
}

function attendance(card: ReportCard, f: Format): string {
  const a = card.attendance;
  if (!a) return '';
  const cells = [
    [f.l.sessions, f.n(a.sessions)],
    [f.l.present, f.n(a.present)],
    [f.l.late, f.n(a.late)],
    [f.l.absentDays, f.n(a.absent)],
    [f.l.leave, f.n(a.leave)],
    [f.l.attendancePercent, f.pct(a.percent)],
  ];
  return `<h2>${escapeHtml(f.l.attendance)} <span class="parts">${f.day(a.from)} – ${f.day(a.to)}</span></h2><table><thead><tr>${cells
    .map(([label]) => `<th class="num">${escapeHtml(label!)}</th>`)
    .join(
      '',
    )}</tr></thead><tbody><tr>${cells.map(([, value]) => `<td class="num">${value}</td>`).join('')}</tr></tbody></table>`;
}

/** One card as a page; `pictures` maps a picture's address to its data URL (offline page). */
function cardHtml(card: ReportCard, f: Format, pictures: ReadonlyMap<string, string>): string {
  const logo = card.institution.logoUrl ? pictures.get(card.institution.logoUrl) : undefined;
  const photo = card.student.avatarUrl ? pictures.get(card.student.avatarUrl) : undefined;
  const initial = escapeHtml([...card.student.name.trim()][0] ?? '?');
  return `<section class="card">
<header>${logo ? `<img src="${logo}" alt="">` : ''}<div><h1>${escapeHtml(card.institution.name)}</h1><p>${escapeHtml(card.classroom.name)}</p></div>
<div class="title"><strong>${escapeHtml(f.l.title)}</strong>${escapeHtml(card.term)}</div></header>
<div class="who">${photo ? `<img src="${photo}" alt="">` : `<div class="initial">${initial}</div>`}<dl>
<dt>${escapeHtml(f.l.student)}</dt><dd>${escapeHtml(card.student.name)}</dd>
<dt>${escapeHtml(f.l.studentId)}</dt><dd>${escapeHtml(card.student.customId ?? '–')}</dd>
<dt>${escapeHtml(f.l.classroom)}</dt><dd>${escapeHtml(card.classroom.name)}</dd>
<dt>${escapeHtml(f.l.teacher)}</dt><dd>${escapeHtml(card.classroom.teacherName)}</dd>
</dl></div>
${overview(card, f)}
${termSubjects(card, f)}
${card.assessments.map((a) => assessmentSection(card, a, f)).join('\n')}
${attendance(card, f)}
<h2>${escapeHtml(f.l.remark)}</h2><div class="remark">${escapeHtml(card.remark?.text ?? '')}</div>
<div class="signs"><div>${escapeHtml(f.l.classTeacher)}</div><div>${escapeHtml(f.l.guardian)}</div></div>
<footer><span>${card.acknowledgedAt === null ? '' : `${escapeHtml(f.l.acknowledged)} ${escapeHtml(f.time(card.acknowledgedAt))}`}</span><span>${escapeHtml(f.l.generated)} ${escapeHtml(f.time(card.generatedAt))}</span></footer>
</section>`;
}

/** Cards as one printable document, a page each (a class prints in one go). */
export function reportCardsHtml(
  cards: readonly ReportCard[],
  lang: ReportLanguage,
  pictures: ReadonlyMap<string, string>,
): string {
  const f = formatFor(lang);
  const title = cards.length === 1 ? `${f.l.title} – ${cards[0]!.student.name}` : f.l.title;
  const body = cards.map((card) => cardHtml(card, f, pictures)).join('\n');
  // Pictures are data URLs: only the text outside them picks the fonts.
  const text = `${title} ${body.replace(/data:[^"]*/g, '')}`;
  return `<!doctype html>
<html lang="${lang}" dir="${languageDirection(lang)}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>
${pdfFontCss(text)}
${STYLE}
</style></head><body>
${body}
</body></html>`;
}
