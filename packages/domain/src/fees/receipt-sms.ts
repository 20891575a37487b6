import { formatMoney } from '../money/format';
import type { InterfaceLanguage } from '../text/languages';
import { toBanglaDigits } from './dues-reminder';

// The SMS that carries a receipt's short link to the family (the fees and payments capability),
// in the language the sender works in. Charged as an individual message whatever its length
// (sms.ts), so the language never changes its price. Amounts stay taka (`TK 1,500`, Bangladeshi
// grouping); Bangla writes `৳১,৫০০`.

export interface ReceiptSmsValues {
  readonly institution: string;
  /** Paisa; negative for a refund. */
  readonly amountPaisa: number;
  readonly student: string;
  readonly receiptNo: string | number;
  /** The receipt's short link. */
  readonly link: string;
}

/** The receipt SMS in a language: who paid (or was refunded) how much, the receipt number, the link. */
export function receiptSmsText(v: ReceiptSmsValues, language: InterfaceLanguage): string {
  const taka = Math.abs(v.amountPaisa) / 100;
  const refund = v.amountPaisa < 0;
  const amount =
    language === 'bn' ? toBanglaDigits(formatMoney(taka, 'BDT')) : formatMoney(taka, 'TK', { plain: true });
  const { institution: at, student: name, receiptNo: no, link } = v;
  switch (language) {
    case 'bn':
      return refund
        ? `${at}: ${name}-কে ${amount} ফেরত দেওয়া হয়েছে, রসিদ নং ${no}। ${link}`
        : `${at}: ${name}-এর জন্য ${amount} গ্রহণ করা হয়েছে, রসিদ নং ${no}। ${link}`;
    case 'zh':
      return refund
        ? `${at}：已向 ${name} 退还 ${amount}，收据编号 ${no}。${link}`
        : `${at}：已收到 ${name} 的 ${amount}，收据编号 ${no}。${link}`;
    case 'ar':
      return refund
        ? `${at}: تم رد ${amount} إلى ${name}، إيصال رقم ${no}. ${link}`
        : `${at}: تم استلام ${amount} عن ${name}، إيصال رقم ${no}. ${link}`;
    case 'it':
      return refund
        ? `${at}: rimborsati ${amount} a ${name}, ricevuta n. ${no}. ${link}`
        : `${at}: ricevuti ${amount} per ${name}, ricevuta n. ${no}. ${link}`;
    case 'es':
      return refund
        ? `${at}: reembolsados ${amount} a ${name}, recibo n.º ${no}. ${link}`
        : `${at}: recibidos ${amount} por ${name}, recibo n.º ${no}. ${link}`;
    case 'fr':
      return refund
        ? `${at} : ${amount} remboursés à ${name}, reçu n° ${no}. ${link}`
        : `${at} : ${amount} reçus pour ${name}, reçu n° ${no}. ${link}`;
    default:
      return `${at}: ${amount} ${refund ? 'refunded to' : 'received for'} ${name}, receipt no. ${no}. ${link}`;
  }
}
