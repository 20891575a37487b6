import { toAsciiDigits, toBanglaDigits } from '@batchwise/domain';
import dayjsConfig from '@rc-component/picker/generate/dayjs';
import { DatePicker as AntDatePicker } from 'antd';
import type { Dayjs } from 'dayjs';

/**
 * The app's date and time pickers: antd's, with every text the picker writes in the reader's
 * digits. antd writes ASCII digits in every locale, so a Bangla page showed "2026" in the
 * calendar's header, cells and box (spec part 2, languages: Bangla pages use Bangla digits).
 * The picker formats everything (box, header, cells, hours) through its date library config, so
 * one wrapped config covers them all: under the Bangla locale (`bn_BD`) what it writes is turned
 * into Bangla digits, and what a reader types is read with either digit set. Display only: the
 * value is the same Dayjs in every language, so what reaches the server stays ASCII.
 */
const digitsConfig: typeof dayjsConfig = {
  ...dayjsConfig,
  locale: {
    ...dayjsConfig.locale,
    format: (locale, date, pattern) => {
      const text = dayjsConfig.locale.format(locale, date, pattern);
      return locale.startsWith('bn') ? toBanglaDigits(text) : text;
    },
    parse: (locale, text, patterns) => dayjsConfig.locale.parse(locale, toAsciiDigits(text), patterns),
  },
};

export const DatePicker = AntDatePicker.generatePicker<Dayjs>(digitsConfig);
export const TimePicker = DatePicker.TimePicker;
