import {
  type InterfaceLanguage,
  ONBOARDING_CLASSROOM_START_COLUMN,
  ONBOARDING_COLUMNS,
  type OnboardingClassroom,
  onboardingTemplate,
} from '@batchwise/domain';
import { loadExcelJs } from '../../lib/exceljs';
import { ONBOARDING_INSTRUCTIONS } from './onboarding-instructions';

// The .xlsx a teacher fills (the bulk onboarding capability's "Template download"; spec part 1 §5 "Bulk onboarding file"):
// the domain's onboardingTemplate (sheet name, headers, 1000 rows with +880), written with
// ExcelJS so phone cells are text (Excel would drop the + and leading zeros), classroom cells
// offer y, and a second sheet explains it in the asked interface language, then in English (in
// Bangla when English was asked).

const PHONE_COLUMNS = [3, 6, 7];
/** Text format: what is typed stays as typed (a leading +, a 0, a long RFID number). */
const TEXT = '@';

/** The filled-in template as an .xlsx file, instructions first in the asked language. */
export async function onboardingTemplateFile(
  classrooms: readonly OnboardingClassroom[],
  accountType: string,
  lang: InterfaceLanguage,
): Promise<Buffer> {
  const template = onboardingTemplate(classrooms, accountType);
  const ExcelJS = await loadExcelJs();
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
  for (const language of [lang, lang === 'en' ? 'bn' : 'en'] as const) {
    const { title, lines } = ONBOARDING_INSTRUCTIONS[language];
    help.addRow([title]).font = { bold: true, size: 13 };
    for (const line of lines(template.entityLabel)) help.addRow([line]);
    help.addRow([]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
