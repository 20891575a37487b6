import fs from 'node:fs';
import path from 'node:path';

/** The web app's translations, so browser tests name things as readers see them. */
const LOCALES = path.resolve(import.meta.dirname, '../../apps/web/public/Locales');
type Tree = Record<string, unknown>;

export const texts = (language: string, namespace: string) =>
  JSON.parse(fs.readFileSync(path.join(LOCALES, language, `${namespace}.json`), 'utf8')) as Tree;

/** `namespace:dotted.key` in one language. */
export const text = (language: string, key: string): string => {
  const [namespace, ...rest] = key.split(':');
  const value = rest
    .join(':')
    .split('.')
    .reduce<unknown>((node, part) => (node as Tree)[part], texts(language, namespace!));
  if (typeof value !== 'string') throw new Error(`no text ${key}`);
  return value;
};

/** `namespace:dotted.key` in one language, its {{placeholders}} filled in. */
export const filledText = (language: string, key: string, values: Record<string, string> = {}): string =>
  Object.entries(values).reduce(
    (all, [name, value]) => all.replaceAll(`{{${name}}}`, value),
    text(language, key),
  );

/**
 * English text with the default wording of a teacher's account filled in ({{student}},
 * {{classroom}} and their plurals: business accounts say "client" instead).
 */
export const en = (key: string, values: Record<string, string> = {}): string =>
  filledText('en', key, {
    student: 'student',
    students: 'students',
    classroom: 'classroom',
    classrooms: 'classrooms',
    ...values,
  });
