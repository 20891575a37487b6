import { formatMoney, toBanglaDigits } from '@batchwise/domain';
import { useLanguage } from './use-language';

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
