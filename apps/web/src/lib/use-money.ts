import { formatMoney } from '@batchwise/domain';
import { useLanguage } from './use-language';

const BANGLA_DIGITS = '০১২৩৪৫৬৭৮৯';

/** ASCII digits written as Bangla digits (the money format groups digits itself). */
export function toBanglaDigits(text: string): string {
  return text.replace(/\d/g, (digit) => BANGLA_DIGITS[Number(digit)] ?? digit);
}

/**
 * Formats paisa as money in the account's currency, grouped Bangladesh-style for taka
 * (৳12,34,567), with Bangla digits when the interface is in Bangla.
 */
export function useMoney(currency = 'BDT'): (paisa: number) => string {
  const { language } = useLanguage();
  return (paisa) => {
    const text = formatMoney(paisa / 100, currency);
    return language === 'bn' ? toBanglaDigits(text) : text;
  };
}
