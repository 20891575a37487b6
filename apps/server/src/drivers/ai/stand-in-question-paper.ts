/** The question-paper prompt's input as the stand-in reads it (prompts/question-paper.v1.ts). */
export interface QuestionPaperInput {
  task: 'question-paper';
  classLevel: string;
  subject: string;
  topics: string[];
  language: 'en' | 'bn';
  sections: { kind: 'mcq' | 'short' | 'creative'; count: number }[];
}

const WORDS = {
  en: {
    title: (c: string, s: string) => `${c} ${s}: model test`,
    mcq: (t: string, i: string) => `Question ${i} on ${t}: which statement is correct?`,
    option: (i: number) => `Statement ${'ABCD'[i]}`,
    short: (t: string, i: string) => `Question ${i}: explain one key idea of ${t}.`,
    shortAnswer: (t: string) => `A clear explanation of the key idea of ${t}.`,
    stem: (t: string) => `Read the passage about ${t} and answer the questions below.`,
    parts: [
      'What is meant by the main term?',
      'Explain the idea briefly.',
      'Apply the idea to the passage.',
      'Evaluate the situation in the passage.',
    ],
    answer: (i: number) => `Model answer to part ${'abcd'[i]}.`,
  },
  bn: {
    title: (c: string, s: string) => `${c} ${s}: মডেল টেস্ট`,
    mcq: (t: string, i: string) => `প্রশ্ন ${i} (${t}): কোনটি সঠিক?`,
    option: (i: number) => `বিবৃতি ${'কখগঘ'[i]}`,
    short: (t: string, i: string) => `প্রশ্ন ${i}: ${t} বিষয়ের একটি মূল ধারণা ব্যাখ্যা করো।`,
    shortAnswer: (t: string) => `${t} বিষয়ের মূল ধারণার স্পষ্ট ব্যাখ্যা।`,
    stem: (t: string) => `${t} বিষয়ের উদ্দীপকটি পড়ে নিচের প্রশ্নগুলোর উত্তর দাও।`,
    parts: [
      'মূল পরিভাষাটি কী?',
      'ধারণাটি সংক্ষেপে ব্যাখ্যা করো।',
      'উদ্দীপকের ঘটনায় ধারণাটি প্রয়োগ করো।',
      'উদ্দীপকের পরিস্থিতি মূল্যায়ন করো।',
    ],
    answer: (i: number) => `${'কখগঘ'[i]} অংশের নমুনা উত্তর।`,
  },
};

/** A deterministic paper: the questions asked for, cycling through the topics. */
export function questionPaper(input: QuestionPaperInput) {
  const words = WORDS[input.language];
  const n = (value: number) => value.toLocaleString(input.language === 'bn' ? 'bn-BD' : 'en');
  const countOf = (kind: string) => input.sections.find((s) => s.kind === kind)?.count ?? 0;
  const topic = (i: number) => input.topics[i % input.topics.length] ?? input.subject;
  const range = (count: number) => Array.from({ length: count }, (_, i) => i);
  return {
    title: words.title(input.classLevel, input.subject),
    mcq: range(countOf('mcq')).map((i) => ({
      text: words.mcq(topic(i), n(i + 1)),
      options: range(4).map(words.option),
      answer: i % 4,
    })),
    short: range(countOf('short')).map((i) => ({
      text: words.short(topic(i), n(i + 1)),
      answer: words.shortAnswer(topic(i)),
    })),
    creative: range(countOf('creative')).map((i) => ({
      stem: words.stem(topic(i)),
      parts: words.parts.map((text, p) => ({ text, answer: words.answer(p) })),
    })),
  };
}
