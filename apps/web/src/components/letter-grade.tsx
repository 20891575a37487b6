/**
 * A letter grade (A+, A-, F) as the grade scale writes it: the boards' notation, kept in Latin
 * letters on Bangla pages too, and the scale's letters are the teacher's to change. Marked not
 * to be translated, for translation tools and the Bangla check alike.
 */
export function LetterGrade({ letter }: { letter: string | null | undefined }) {
  return letter ? <span translate="no">{letter}</span> : null;
}
