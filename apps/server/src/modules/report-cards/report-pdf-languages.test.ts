import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { reportFixture, TERM } from '../../test/report-cards';
import { useTestApp } from '../../test/test-deps';

// A report card printed in Chinese and in Arabic comes out shaped, not as boxes: the PDF embeds
// the Noto font of its script, its text reads back in that script, and its page rasterises.
// Fonts are the same on both dialects, so SQLite alone answers this.

const hasChromium = fs.existsSync('/usr/bin/chromium');
const hasPoppler = (() => {
  try {
    execFileSync('pdffonts', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/**
 * pdftotext gives Arabic back with bidi marks and a space wherever the layout split a run, so
 * words are compared without either.
 */
const bare = (text: string) => text.normalize('NFKC').replace(/[\s\u200e\u200f\u202a-\u202e]/g, '');

const CASES = [
  { lang: 'zh', font: 'NotoSansSC', words: ['成绩单', '学生', '教师评语'] },
  { lang: 'ar', font: 'NotoSansArabic', words: ['بطاقة النتائج', 'الطالب', 'ولي الأمر'] },
] as const;

describe('report card PDFs in Chinese and Arabic', () => {
  const ctx = useTestApp('sqlite');

  it.skipIf(!hasChromium || !hasPoppler)(
    'embeds the Noto font of the script and reads back its words',
    async () => {
      const f = await reportFixture(ctx.app, ctx.deps);
      const base = `/api/accounts/${f.t.accountId}/classrooms/${f.classroomId}/report-cards`;
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'report-lang-'));
      try {
        for (const c of CASES) {
          const res = await f.t.client.get(
            `${base}/pdf?term=${encodeURIComponent(TERM)}&studentId=${f.asha.id}&lang=${c.lang}`,
          );
          expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
          const pdf = path.join(dir, `${c.lang}.pdf`);
          fs.writeFileSync(pdf, res.rawPayload);

          const fonts = execFileSync('pdffonts', [pdf], { encoding: 'utf8' });
          expect(fonts).toContain(c.font);
          // Every font is embedded: nothing falls back to a system font or a box.
          for (const line of fonts.split('\n').slice(2).filter(Boolean)) expect(line).toMatch(/ yes /);

          const text = execFileSync('pdftotext', ['-enc', 'UTF-8', pdf, '-'], { encoding: 'utf8' });
          for (const word of c.words) expect(bare(text)).toContain(bare(word));

          execFileSync('pdftoppm', ['-png', '-r', '60', '-singlefile', pdf, path.join(dir, c.lang)]);
          expect(fs.statSync(path.join(dir, `${c.lang}.png`)).size).toBeGreaterThan(10_000);
          if (process.env.KEEP_REPORT_PNG)
            fs.copyFileSync(path.join(dir, `${c.lang}.png`), `${process.env.KEEP_REPORT_PNG}-${c.lang}.png`);
        }
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
    90_000,
  );
});
