import type { InterfaceLanguage } from '@batchwise/domain';

// The instructions sheet of an assessment's marks .xlsx (marks-sheet-file.ts), in every
// interface language.

export const MARKS_SHEET_INSTRUCTIONS: Record<InterfaceLanguage, { title: string; lines: string[] }> = {
  en: {
    title: 'How to fill this file',
    lines: [
      'One student a row on the first sheet; one column for each subject (or part of a subject) with its full marks in brackets.',
      'Type the marks: whole numbers or up to two decimals (32.5), at most the full marks.',
      'Type A for a student who was absent. Leave a cell empty to keep what is already saved.',
      'Do not change the hidden Key column or the column headers. Rows may be in any order.',
      'Upload the file on the marks page: every problem is listed with its row before anything is saved, and then all marks are saved at once, or none.',
    ],
  },
  bn: {
    title: 'ফাইলটি যেভাবে পূরণ করবেন',
    lines: [
      'প্রথম শিটে প্রতি সারিতে একজন শিক্ষার্থী; প্রতিটি বিষয়ের (বা বিষয়ের অংশের) জন্য একটি কলাম, বন্ধনীতে পূর্ণ নম্বর।',
      'নম্বর লিখুন: পূর্ণ সংখ্যা বা দশমিকের পরে সর্বোচ্চ দুই ঘর (৩২.৫), পূর্ণ নম্বরের বেশি নয়।',
      'অনুপস্থিত শিক্ষার্থীর জন্য A লিখুন। আগের সেভ করা নম্বর রাখতে ঘরটি খালি রাখুন।',
      'লুকানো Key কলাম বা কলামের শিরোনাম বদলাবেন না। সারিগুলো যেকোনো ক্রমে থাকতে পারে।',
      'নম্বরের পাতায় ফাইলটি আপলোড করুন: কিছু সেভ হওয়ার আগে প্রতিটি সমস্যা সারি নম্বরসহ দেখানো হবে, তারপর সব নম্বর একসাথে সেভ হবে, নয়তো কোনোটিই না।',
    ],
  },
  zh: {
    title: '如何填写此文件',
    lines: [
      '第一个工作表每行一位学生；每个科目（或科目的一部分）一列，括号内为满分。',
      '填写分数：整数或最多两位小数（32.5），不得超过满分。',
      '缺考的学生填 A。单元格留空则保留已保存的分数。',
      '请勿修改隐藏的 Key 列或列标题。行的顺序不限。',
      '在分数页面上传文件：保存前会列出每个问题及其行号，然后所有分数一次性保存，或者一个都不保存。',
    ],
  },
  ar: {
    title: 'طريقة تعبئة هذا الملف',
    lines: [
      'طالب واحد في كل صف من الورقة الأولى؛ عمود لكل مادة (أو جزء من مادة) وبين قوسين الدرجة الكاملة.',
      'اكتب الدرجات: أعدادًا صحيحة أو بمنزلتين عشريتين على الأكثر (32.5)، دون تجاوز الدرجة الكاملة.',
      'اكتب A للطالب الغائب. اترك الخلية فارغة للإبقاء على ما حُفظ سابقًا.',
      'لا تغيّر عمود Key المخفي ولا عناوين الأعمدة. يمكن أن تكون الصفوف بأي ترتيب.',
      'ارفع الملف في صفحة الدرجات: تُعرض كل مشكلة مع رقم صفها قبل حفظ أي شيء، ثم تُحفظ كل الدرجات دفعة واحدة أو لا يُحفظ شيء.',
    ],
  },
  it: {
    title: 'Come compilare questo file',
    lines: [
      'Uno studente per riga nel primo foglio; una colonna per ogni materia (o parte di materia) con il punteggio massimo tra parentesi.',
      'Scrivi i voti: numeri interi o con al massimo due decimali (32.5), non oltre il punteggio massimo.',
      'Scrivi A per uno studente assente. Lascia vuota una cella per mantenere quanto già salvato.',
      'Non modificare la colonna nascosta Key né le intestazioni. Le righe possono essere in qualsiasi ordine.',
      'Carica il file nella pagina dei voti: ogni problema viene elencato con la sua riga prima di salvare, poi tutti i voti vengono salvati insieme, oppure nessuno.',
    ],
  },
  es: {
    title: 'Cómo rellenar este archivo',
    lines: [
      'Un estudiante por fila en la primera hoja; una columna por cada asignatura (o parte de ella) con la nota máxima entre paréntesis.',
      'Escriba las notas: números enteros o con dos decimales como máximo (32.5), sin pasar de la nota máxima.',
      'Escriba A para un estudiante ausente. Deje una celda vacía para conservar lo ya guardado.',
      'No cambie la columna oculta Key ni los encabezados. Las filas pueden estar en cualquier orden.',
      'Suba el archivo en la página de notas: cada problema se muestra con su fila antes de guardar nada, y luego se guardan todas las notas a la vez, o ninguna.',
    ],
  },
  fr: {
    title: 'Comment remplir ce fichier',
    lines: [
      'Un élève par ligne sur la première feuille ; une colonne par matière (ou partie de matière) avec le barème entre parenthèses.',
      'Saisissez les notes : nombres entiers ou avec deux décimales au plus (32.5), sans dépasser le barème.',
      'Saisissez A pour un élève absent. Laissez une cellule vide pour garder la note déjà enregistrée.',
      "Ne modifiez ni la colonne cachée Key ni les en-têtes. L'ordre des lignes est libre.",
      "Importez le fichier sur la page des notes : chaque problème est listé avec sa ligne avant tout enregistrement, puis toutes les notes sont enregistrées d'un coup, ou aucune.",
    ],
  },
};
