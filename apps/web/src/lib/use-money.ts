import { formatMoney, languageDirection, toBanglaDigits } from '@batchwise/domain';
import { useLanguage } from './use-language';

/**
 * Formats paisa as money in the account's currency, grouped Bangladesh-style for taka
 * (৳12,34,567), with Bangla digits when the interface is in Bangla. In right-to-left text the
 * amount is isolated (U+2066 … U+2069) so "৳1,200" keeps its order inside Arabic sentences.
 */
export function useMoney(currency = 'BDT'): (paisa: number) => string {
  const { language } = useLanguage();
  return (paisa) => {
    const text = formatMoney(paisa / 100, currency);
    if (language === 'bn') return toBanglaDigits(text);
    return languageDirection(language) === 'rtl' ? `\u2066${text}\u2069` : text;
  };
}
