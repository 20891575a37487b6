import { pictureFileError } from '@batchwise/domain';
import { useMemo, useState } from 'react';
import {
  type ClassroomCardState,
  type FieldName,
  type FormRules,
  fieldErrors,
  type StudentFormValues,
  sameValues,
} from './student-form-state';

/**
 * The drawer's form: values, classroom cards, the chosen picture, which fields to scold, and the
 * unsaved flag (part 2 §4 "Drawer": edited → unsaved).
 */
export function useStudentForm(
  initial: StudentFormValues,
  initialCards: ClassroomCardState[],
  rules: FormRules,
) {
  const [values, setValues] = useState(initial);
  const [cards, setCards] = useState(initialCards);
  // Cards as last saved: a removal is saved at once, so it must not count as an unsaved change.
  const [savedCards, setSavedCards] = useState(initialCards);
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoError, setPhotoError] = useState<{ file: string } | null>(null);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const errors = useMemo(() => fieldErrors(values, rules), [values, rules]);

  const dirty =
    !sameValues(values, initial) ||
    photo !== null ||
    cards.length !== savedCards.length ||
    cards.some((card, index) => card.feeText !== savedCards[index]?.feeText || card.local);

  const setField = (field: FieldName, value: string) =>
    setValues((current) => ({ ...current, [field]: value }));
  const setCustomField = (name: string, value: string) =>
    setValues((current) => ({ ...current, customFields: { ...current.customFields, [name]: value } }));
  const handleBlur = (field: FieldName) =>
    setTouched((current) => (current.has(field) ? current : new Set(current).add(field)));
  const showError = (field: FieldName) => submitted || touched.has(field);

  const choosePhoto = (file: File | null) => {
    if (file && pictureFileError(file.name)) {
      setPhotoError({ file: file.name });
      return;
    }
    setPhotoError(null);
    setPhoto(file);
  };

  const addCards = (added: ClassroomCardState[]) =>
    setCards((current) => [
      ...current,
      ...added.filter((a) => !current.some((c) => c.classroomId === a.classroomId)),
    ]);
  /** Drops a card: a local one only here; a saved one after the server removed the student. */
  const dropCard = (classroomId: string) => {
    const keep = (list: ClassroomCardState[]) => list.filter((card) => card.classroomId !== classroomId);
    setCards(keep);
    setSavedCards(keep);
  };
  const setFee = (classroomId: string, feeText: string) =>
    setCards((current) =>
      current.map((card) => (card.classroomId === classroomId ? { ...card, feeText } : card)),
    );

  /** Marks the form submitted; true when every field passes. */
  const validate = () => {
    setSubmitted(true);
    return Object.keys(errors).length === 0 && photoError === null;
  };

  return {
    values,
    cards,
    photo,
    photoError,
    errors,
    dirty,
    setField,
    setCustomField,
    handleBlur,
    showError,
    choosePhoto,
    addCards,
    dropCard,
    setFee,
    validate,
  };
}

export type StudentForm = ReturnType<typeof useStudentForm>;
