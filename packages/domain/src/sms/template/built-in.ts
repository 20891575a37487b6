// Built-in message templates (the SMS capability's "Templates from a spreadsheet": fee due, absence, result,
// holiday, in every interface language). Each reads the columns a centre's own sheet usually has; the
// editor lists the columns a template uses so a sheet can be made to match, and any of them can
// be copied into a saved template and changed.

import type { InterfaceLanguage } from '../../text/languages';

export type BuiltInTemplateId = 'fee-due' | 'absence' | 'result' | 'holiday';

export interface BuiltInTemplate {
  readonly id: BuiltInTemplateId;
  readonly body: Readonly<Record<InterfaceLanguage, string>>;
}

export const BUILT_IN_SMS_TEMPLATES: readonly BuiltInTemplate[] = [
  {
    id: 'fee-due',
    body: {
      en: "Dear guardian, {Name}'s fee of Tk {Due} is due. Please pay by {Due Date}.{if Due > 0}",
      bn: 'সম্মানিত অভিভাবক, {Name}-এর {Due} টাকা বেতন বকেয়া আছে। অনুগ্রহ করে {Due Date}-এর মধ্যে পরিশোধ করুন।{if Due > 0}',
      zh: '尊敬的家长：{Name} 的学费 {Due} 塔卡尚未缴纳，请于 {Due Date} 前缴清。{if Due > 0}',
      ar: 'ولي الأمر الكريم، رسوم {Name} البالغة {Due} تاكا مستحقة. يرجى السداد قبل {Due Date}.{if Due > 0}',
      it: 'Gentile genitore, la retta di {Name} di Tk {Due} è da pagare. La preghiamo di saldare entro il {Due Date}.{if Due > 0}',
      es: 'Estimado tutor: la cuota de {Name} de Tk {Due} está pendiente. Por favor, pague antes del {Due Date}.{if Due > 0}',
      fr: 'Cher parent, les frais de {Name} de Tk {Due} sont dus. Merci de régler avant le {Due Date}.{if Due > 0}',
    },
  },
  {
    id: 'absence',
    body: {
      en: 'Dear guardian, {Name} was absent from class on {Date}. Please let us know the reason.{if Status = Absent}',
      bn: 'সম্মানিত অভিভাবক, {Name} {Date} তারিখে ক্লাসে অনুপস্থিত ছিল। অনুগ্রহ করে কারণ জানান।{if Status = Absent}',
      zh: '尊敬的家长：{Name} 于 {Date} 缺课，请告知原因。{if Status = Absent}',
      ar: 'ولي الأمر الكريم، تغيّب {Name} عن الحصة يوم {Date}. يرجى إبلاغنا بالسبب.{if Status = Absent}',
      it: 'Gentile genitore, {Name} era assente a lezione il {Date}. La preghiamo di comunicarci il motivo.{if Status = Absent}',
      es: 'Estimado tutor: {Name} faltó a clase el {Date}. Por favor, indíquenos el motivo.{if Status = Absent}',
      fr: 'Cher parent, {Name} était absent(e) en cours le {Date}. Merci de nous en indiquer la raison.{if Status = Absent}',
    },
  },
  {
    id: 'result',
    body: {
      en: 'Dear guardian, {Name} scored {Marks} out of {Total} in {Exam}. Grade: {Grade}.',
      bn: 'সম্মানিত অভিভাবক, {Exam} পরীক্ষায় {Name} {Total}-এর মধ্যে {Marks} নম্বর পেয়েছে। গ্রেড: {Grade}।',
      zh: '尊敬的家长：{Name} 在 {Exam} 中得分 {Marks}/{Total}，等级：{Grade}。',
      ar: 'ولي الأمر الكريم، حصل {Name} على {Marks} من {Total} في {Exam}. التقدير: {Grade}.',
      it: 'Gentile genitore, {Name} ha ottenuto {Marks} su {Total} in {Exam}. Voto: {Grade}.',
      es: 'Estimado tutor: {Name} obtuvo {Marks} de {Total} en {Exam}. Calificación: {Grade}.',
      fr: 'Cher parent, {Name} a obtenu {Marks} sur {Total} en {Exam}. Mention : {Grade}.',
    },
  },
  {
    id: 'holiday',
    body: {
      en: 'Dear {Name}, the centre is closed from {From} to {To} for {Occasion}. Classes resume on {Resume}.',
      bn: 'প্রিয় {Name}, {Occasion} উপলক্ষে {From} থেকে {To} পর্যন্ত কোচিং বন্ধ থাকবে। {Resume} থেকে আবার ক্লাস শুরু হবে।',
      zh: '亲爱的 {Name}：因{Occasion}，本中心 {From} 至 {To} 停课，{Resume} 恢复上课。',
      ar: 'عزيزي {Name}، يُغلق المركز من {From} إلى {To} بمناسبة {Occasion}. تُستأنف الحصص يوم {Resume}.',
      it: 'Caro/a {Name}, il centro resta chiuso dal {From} al {To} per {Occasion}. Le lezioni riprendono il {Resume}.',
      es: 'Hola, {Name}: el centro estará cerrado del {From} al {To} por {Occasion}. Las clases se reanudan el {Resume}.',
      fr: 'Cher/chère {Name}, le centre est fermé du {From} au {To} pour {Occasion}. Les cours reprennent le {Resume}.',
    },
  },
];
