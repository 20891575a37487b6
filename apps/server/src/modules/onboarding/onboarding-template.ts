import {
  ONBOARDING_CLASSROOM_START_COLUMN,
  ONBOARDING_COLUMNS,
  type OnboardingClassroom,
  onboardingTemplate,
} from '@batchwise/domain';
import ExcelJS from 'exceljs';

// The .xlsx a teacher fills (the bulk onboarding capability's "Template download"; spec part 1 §5 "Bulk onboarding file"):
// the domain's onboardingTemplate (sheet name, headers, 1000 rows with +880), written with
// ExcelJS so phone cells are text (Excel would drop the + and leading zeros), classroom cells
// offer y, and a second sheet explains it in English and Bangla.

const PHONE_COLUMNS = [3, 6, 7];
/** Text format: what is typed stays as typed (a leading +, a 0, a long RFID number). */
const TEXT = '@';

const INSTRUCTIONS: Record<'en' | 'bn', { title: string; lines: (label: string) => string[] }> = {
  en: {
    title: 'How to fill this file',
    lines: (label) => [
      `One ${label.toLowerCase()} a row on the first sheet. Do not rename that sheet.`,
      `ID: the ${label.toLowerCase()} ID, unique in the file and not used by anyone you already have.`,
      'Name and Phone are required. Phone: 01XXXXXXXXX or +8801XXXXXXXXX (the +880 is already there).',
      'Two students may share a phone: add a D at the end of the second one (01712345678D).',
      'Email, RFID code and the parent phones may stay empty.',
      `Classrooms: put y in a classroom's column to add the ${label.toLowerCase()} to it; leave it empty otherwise.`,
      'Rows you leave untouched (only +880 in Phone) are ignored.',
      'Upload the file on the Students page: every problem is listed with its row before anything is saved, and then everyone is added at once, or no one.',
    ],
  },
  bn: {
    title: 'ফাইলটি যেভাবে পূরণ করবেন',
    lines: (label) => [
      `প্রথম শিটে প্রতি সারিতে একজন ${label === 'Client' ? 'ক্লায়েন্ট' : 'শিক্ষার্থী'}। শিটটির নাম বদলাবেন না।`,
      'ID: ফাইলে অনন্য হতে হবে এবং আপনার বর্তমান কারও সাথে মিলবে না।',
      'নাম ও ফোন আবশ্যক। ফোন: 01XXXXXXXXX বা +8801XXXXXXXXX (+880 আগে থেকেই লেখা আছে)।',
      'দুজন একই ফোন ব্যবহার করলে দ্বিতীয়টির শেষে D যোগ করুন (01712345678D)।',
      'ইমেইল, RFID কোড ও অভিভাবকের ফোন খালি রাখা যায়।',
      'ক্লাসরুম: যে ক্লাসরুমে যোগ করতে চান তার কলামে y লিখুন; না চাইলে খালি রাখুন।',
      'যে সারিতে কিছু লেখেননি (ফোনে শুধু +880) সেগুলো বাদ যাবে।',
      'শিক্ষার্থী পাতায় ফাইলটি আপলোড করুন: কিছু সেভ হওয়ার আগে প্রতিটি সমস্যা সারি নম্বরসহ দেখানো হবে, তারপর সবাই একসাথে যোগ হবে, নয়তো কেউই না।',
    ],
  },
};

/** The filled-in template as an .xlsx file, instructions first in the asked language. */
export async function onboardingTemplateFile(
  classrooms: readonly OnboardingClassroom[],
  accountType: string,
  lang: 'en' | 'bn',
): Promise<Buffer> {
  const template = onboardingTemplate(classrooms, accountType);
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Batchwise';
  const sheet = workbook.addWorksheet(template.sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = template.headers.map((header, index) => ({
    header,
    width: index < ONBOARDING_COLUMNS.length ? 18 : Math.max(10, Math.min(header.length + 2, 30)),
    style: { numFmt: TEXT },
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.addRows(template.rows);
  const last = template.rows.length + 1;
  for (const column of PHONE_COLUMNS) {
    for (let row = 2; row <= last; row += 1) sheet.getCell(row, column).numFmt = TEXT;
  }
  // A drop-down with y in every classroom cell; other text is allowed and reported on upload.
  for (let index = 0; index < classrooms.length; index += 1) {
    const column = ONBOARDING_CLASSROOM_START_COLUMN + index;
    for (let row = 2; row <= last; row += 1) {
      sheet.getCell(row, column).dataValidation = {
        type: 'list',
        allowBlank: true,
        formulae: ['"y"'],
        showErrorMessage: false,
      };
    }
  }
  const help = workbook.addWorksheet('Instructions');
  help.getColumn(1).width = 110;
  for (const language of lang === 'bn' ? (['bn', 'en'] as const) : (['en', 'bn'] as const)) {
    const { title, lines } = INSTRUCTIONS[language];
    help.addRow([title]).font = { bold: true, size: 13 };
    for (const line of lines(template.entityLabel)) help.addRow([line]);
    help.addRow([]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
