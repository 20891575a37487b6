import { type PaperContent, QUESTION_OPTION_LABELS, toBanglaDigits } from '@batchwise/domain';
import { PDF_FONT_FAMILY, pdfFontCss } from '../exports/pdf-fonts';
import { escapeHtml } from '../exports/table-html';

// A saved question paper as a printable A4 document (the report cards' way: headless Chromium
// shapes Bangla, the bundled font and the logo are inlined, so the page loads nothing). Laid out
// as Bangladeshi boards print one: the institution's header, class, subject, time and full marks,
// then the multiple-choice, short and creative (সৃজনশীল) sections, each question with its marks
// at the right; the answer key, when asked for, starts on a page of its own.

const LABELS = {
  en: {
    classLevel: 'Class',
    subject: 'Subject',
    time: 'Time',
    minutes: 'minutes',
    fullMarks: 'Full marks',
    mcq: 'Multiple-choice questions',
    short: 'Short questions',
    creative: 'Creative questions',
    stem: 'Read the passage and answer the questions below:',
    answers: 'Answer key',
  },
  bn: {
    classLevel: 'শ্রেণি',
    subject: 'বিষয়',
    time: 'সময়',
    minutes: 'মিনিট',
    fullMarks: 'পূর্ণমান',
    mcq: 'বহুনির্বাচনি প্রশ্ন',
    short: 'সংক্ষিপ্ত প্রশ্ন',
    creative: 'সৃজনশীল প্রশ্ন',
    stem: 'উদ্দীপকটি পড়ে নিচের প্রশ্নগুলোর উত্তর দাও:',
    answers: 'উত্তরমালা',
  },
} as const;

const STYLE = `
* { box-sizing: border-box; }
body { font-family: ${PDF_FONT_FAMILY}; margin: 0; color: #1f2328; font-size: 10.5pt; line-height: 1.45; }
header { text-align: center; border-bottom: 0.6mm solid #1f2328; padding-bottom: 2mm; margin-bottom: 3mm; }
header img { width: 14mm; height: 14mm; object-fit: contain; }
header h1 { font-size: 15pt; margin: 0; }
header h2 { font-size: 12pt; margin: 0.5mm 0; font-weight: 600; }
.meta { display: flex; justify-content: space-between; flex-wrap: wrap; gap: 2mm 6mm; margin-top: 1.5mm; }
h3 { font-size: 11pt; margin: 4mm 0 1.5mm; display: flex; justify-content: space-between; border-bottom: 0.2mm solid #8c959f; }
ol { margin: 0; padding-left: 7mm; }
html[lang='bn'] ol { list-style-type: bengali; }
li { margin: 0 0 2mm; break-inside: avoid; }
.q { display: flex; justify-content: space-between; gap: 4mm; }
.marks { white-space: nowrap; color: #57606a; }
.options { display: grid; grid-template-columns: 1fr 1fr; gap: 0.5mm 6mm; margin-top: 0.5mm; }
.stem { border: 0.2mm solid #c9d1d9; border-radius: 1.5mm; padding: 1.5mm 2.5mm; margin: 0.5mm 0 1mm; white-space: pre-wrap; }
.parts { list-style: none; padding-left: 0; }
.parts li { margin-bottom: 0.8mm; }
.key { break-before: page; }
.key .answer { color: #0b7a6b; white-space: pre-wrap; }
`;

export interface PaperPrint {
  institution: string;
  logo: string | undefined;
  classroomName: string;
  classLevel: string;
  subject: string;
  language: 'en' | 'bn';
  durationMinutes: number;
  totalMarks: number;
  paper: PaperContent;
  answers: boolean;
}

export function questionPaperHtml(p: PaperPrint): string {
  const l = LABELS[p.language];
  const n = (value: number) => (p.language === 'bn' ? toBanglaDigits(String(value)) : String(value));
  const e = escapeHtml;
  const marks = (value: number) => `<span class="marks">${n(value)}</span>`;
  const sectionMarks = (list: readonly { marks: number }[]) => list.reduce((sum, q) => sum + q.marks, 0);
  const letters = QUESTION_OPTION_LABELS[p.language];
  const option = (i: number) => `(${letters[i]})`;
  const part = (i: number) => `${letters[i]}.`;

  const mcq = p.paper.mcq.length
    ? `<section><h3><span>${l.mcq}</span>${marks(sectionMarks(p.paper.mcq))}</h3><ol>${p.paper.mcq
        .map(
          (q) =>
            `<li><div class="q"><span>${e(q.text)}</span>${marks(q.marks)}</div><div class="options">${q.options
              .map((o, i) => `<span>${option(i)} ${e(o)}</span>`)
              .join('')}</div></li>`,
        )
        .join('')}</ol></section>`
    : '';
  const short = p.paper.short.length
    ? `<section><h3><span>${l.short}</span>${marks(sectionMarks(p.paper.short))}</h3><ol>${p.paper.short
        .map((q) => `<li><div class="q"><span>${e(q.text)}</span>${marks(q.marks)}</div></li>`)
        .join('')}</ol></section>`
    : '';
  const creative = p.paper.creative.length
    ? `<section><h3><span>${l.creative}</span>${marks(
        p.paper.creative.reduce((sum, q) => sum + sectionMarks(q.parts), 0),
      )}</h3><ol>${p.paper.creative
        .map(
          (q) =>
            `<li><div>${l.stem}</div><div class="stem">${e(q.stem)}</div><ul class="parts">${q.parts
              .map(
                (x, i) =>
                  `<li><div class="q"><span>${part(i)} ${e(x.text)}</span>${marks(x.marks)}</div></li>`,
              )
              .join('')}</ul></li>`,
        )
        .join('')}</ol></section>`
    : '';

  const key = p.answers
    ? `<section class="key"><h3><span>${l.answers}</span></h3>${
        p.paper.mcq.length
          ? `<h3><span>${l.mcq}</span></h3><ol>${p.paper.mcq
              .map((q) => `<li class="answer">${option(q.answer)} ${e(q.options[q.answer] ?? '')}</li>`)
              .join('')}</ol>`
          : ''
      }${
        p.paper.short.length
          ? `<h3><span>${l.short}</span></h3><ol>${p.paper.short
              .map((q) => `<li class="answer">${e(q.answer)}</li>`)
              .join('')}</ol>`
          : ''
      }${
        p.paper.creative.length
          ? `<h3><span>${l.creative}</span></h3><ol>${p.paper.creative
              .map(
                (q) =>
                  `<li><ul class="parts">${q.parts
                    .map((x, i) => `<li>${part(i)} <span class="answer">${e(x.answer)}</span></li>`)
                    .join('')}</ul></li>`,
              )
              .join('')}</ol>`
          : ''
      }</section>`
    : '';

  return `<!doctype html>
<html lang="${p.language}"><head><meta charset="utf-8"><title>${e(p.paper.title)}</title>
<style>
${pdfFontCss(JSON.stringify([p, l]))}
${STYLE}
</style></head><body>
<header>
${p.logo ? `<img src="${p.logo}" alt="">` : ''}
<h1>${e(p.institution)}</h1>
<h2>${e(p.paper.title)}</h2>
<div>${e(p.classroomName)}</div>
<div class="meta"><span>${l.classLevel}: ${e(p.classLevel)}</span><span>${l.subject}: ${e(p.subject)}</span><span>${l.time}: ${n(p.durationMinutes)} ${l.minutes}</span><span>${l.fullMarks}: ${n(p.totalMarks)}</span></div>
</header>
${mcq}${short}${creative}${key}
</body></html>`;
}
