// Built-in message templates (the SMS capability's "Templates from a spreadsheet": fee due, absence, result,
// holiday, in English and Bangla). Each reads the columns a centre's own sheet usually has; the
// editor lists the columns a template uses so a sheet can be made to match, and any of them can
// be copied into a saved template and changed.

export type BuiltInTemplateId = 'fee-due' | 'absence' | 'result' | 'holiday';

export interface BuiltInTemplate {
  readonly id: BuiltInTemplateId;
  readonly body: { readonly en: string; readonly bn: string };
}

export const BUILT_IN_SMS_TEMPLATES: readonly BuiltInTemplate[] = [
  {
    id: 'fee-due',
    body: {
      en: "Dear guardian, {Name}'s fee of Tk {Due} is due. Please pay by {Due Date}.{if Due > 0}",
      bn: 'সম্মানিত অভিভাবক, {Name}-এর {Due} টাকা বেতন বকেয়া আছে। অনুগ্রহ করে {Due Date}-এর মধ্যে পরিশোধ করুন।{if Due > 0}',
    },
  },
  {
    id: 'absence',
    body: {
      en: 'Dear guardian, {Name} was absent from class on {Date}. Please let us know the reason.{if Status = Absent}',
      bn: 'সম্মানিত অভিভাবক, {Name} {Date} তারিখে ক্লাসে অনুপস্থিত ছিল। অনুগ্রহ করে কারণ জানান।{if Status = Absent}',
    },
  },
  {
    id: 'result',
    body: {
      en: 'Dear guardian, {Name} scored {Marks} out of {Total} in {Exam}. Grade: {Grade}.',
      bn: 'সম্মানিত অভিভাবক, {Exam} পরীক্ষায় {Name} {Total}-এর মধ্যে {Marks} নম্বর পেয়েছে। গ্রেড: {Grade}।',
    },
  },
  {
    id: 'holiday',
    body: {
      en: 'Dear {Name}, the centre is closed from {From} to {To} for {Occasion}. Classes resume on {Resume}.',
      bn: 'প্রিয় {Name}, {Occasion} উপলক্ষে {From} থেকে {To} পর্যন্ত কোচিং বন্ধ থাকবে। {Resume} থেকে আবার ক্লাস শুরু হবে।',
    },
  },
];
