import type { InterfaceLanguage } from '@batchwise/domain';

// The instructions sheet of the bulk onboarding template (spec part 1 §5 "Bulk onboarding
// file"), in every interface language. `label` is the account's word for a person
// (Student or Client).

export const ONBOARDING_INSTRUCTIONS: Record<
  InterfaceLanguage,
  { title: string; lines: (label: string) => string[] }
> = {
  en: {
    title: 'How to fill this file',
    lines: (label) => [
      `One ${label.toLowerCase()} a row on the first sheet. Do not rename that sheet.`,
      `ID: the ${label.toLowerCase()} ID, unique in the file and not used by anyone you already have.`,
      'Name and Phone are required. Phone: 01XXXXXXXXX or +8801XXXXXXXXX (the +880 is already there).',
      'Two students may share a phone: add a D at the end of the second one (01712345678D).',
      'Email, RFID code and the parent phones may stay empty.',
      `Classrooms: put y in a classroom's column to add the ${label.toLowerCase()} to it; leave it empty otherwise.`,
      'Rows you leave untouched (only +880 in Phone) are ignored.',
      'Upload the file on the Students page: every problem is listed with its row before anything is saved, and then everyone is added at once, or no one.',
    ],
  },
  bn: {
    title: 'ফাইলটি যেভাবে পূরণ করবেন',
    lines: (label) => [
      `প্রথম শিটে প্রতি সারিতে একজন ${label === 'Client' ? 'ক্লায়েন্ট' : 'শিক্ষার্থী'}। শিটটির নাম বদলাবেন না।`,
      'ID: ফাইলে অনন্য হতে হবে এবং আপনার বর্তমান কারও সাথে মিলবে না।',
      'নাম ও ফোন আবশ্যক। ফোন: 01XXXXXXXXX বা +8801XXXXXXXXX (+880 আগে থেকেই লেখা আছে)।',
      'দুজন একই ফোন ব্যবহার করলে দ্বিতীয়টির শেষে D যোগ করুন (01712345678D)।',
      'ইমেইল, RFID কোড ও অভিভাবকের ফোন খালি রাখা যায়।',
      'ক্লাসরুম: যে ক্লাসরুমে যোগ করতে চান তার কলামে y লিখুন; না চাইলে খালি রাখুন।',
      'যে সারিতে কিছু লেখেননি (ফোনে শুধু +880) সেগুলো বাদ যাবে।',
      'শিক্ষার্থী পাতায় ফাইলটি আপলোড করুন: কিছু সেভ হওয়ার আগে প্রতিটি সমস্যা সারি নম্বরসহ দেখানো হবে, তারপর সবাই একসাথে যোগ হবে, নয়তো কেউই না।',
    ],
  },
  zh: {
    title: '如何填写此文件',
    lines: (label) => [
      `第一个工作表每行填写一位${label === 'Client' ? '客户' : '学生'}。请勿重命名该工作表。`,
      'ID：在文件中必须唯一，且不能与您现有的任何人重复。',
      '姓名和电话为必填项。电话：01XXXXXXXXX 或 +8801XXXXXXXXX（已预填 +880）。',
      '两名学生共用一个电话时，请在第二个号码末尾加 D（01712345678D）。',
      '电子邮件、RFID 卡号和家长电话可以留空。',
      '班级：在要加入的班级列中填 y，否则留空。',
      '未填写的行（电话栏只有 +880）将被忽略。',
      '在学生页面上传文件：保存前会列出每个问题及其行号，然后所有人一次性添加，或者一个都不添加。',
    ],
  },
  ar: {
    title: 'طريقة تعبئة هذا الملف',
    lines: (label) => [
      `${label === 'Client' ? 'عميل' : 'طالب'} واحد في كل صف من الورقة الأولى. لا تغيّر اسم هذه الورقة.`,
      'ID: يجب أن يكون فريدًا في الملف وغير مستخدم لأي شخص موجود لديك.',
      'الاسم والهاتف مطلوبان. الهاتف: 01XXXXXXXXX أو +8801XXXXXXXXX (الرمز +880 مكتوب مسبقًا).',
      'إذا تشارك طالبان هاتفًا واحدًا، أضف الحرف D في آخر رقم الثاني (01712345678D).',
      'يمكن ترك البريد الإلكتروني ورمز RFID وهاتفي ولي الأمر فارغة.',
      'الفصول: اكتب y في عمود الفصل الذي تريد الإضافة إليه، واتركه فارغًا خلاف ذلك.',
      'الصفوف التي لم تعدّلها (فيها +880 فقط في الهاتف) يتم تجاهلها.',
      'ارفع الملف في صفحة الطلاب: تُعرض كل مشكلة مع رقم صفها قبل حفظ أي شيء، ثم يُضاف الجميع دفعة واحدة أو لا يُضاف أحد.',
    ],
  },
  it: {
    title: 'Come compilare questo file',
    lines: (label) => [
      `Una riga per ${label === 'Client' ? 'cliente' : 'studente'} nel primo foglio. Non rinominare quel foglio.`,
      'ID: unico nel file e non usato da nessuno che hai già.',
      'Nome e Telefono sono obbligatori. Telefono: 01XXXXXXXXX o +8801XXXXXXXXX (il +880 è già presente).',
      'Se due studenti condividono un telefono, aggiungi una D alla fine del secondo (01712345678D).',
      'Email, codice RFID e telefoni dei genitori possono restare vuoti.',
      'Classi: scrivi y nella colonna di una classe per aggiungervi la persona; altrimenti lascia vuoto.',
      'Le righe non toccate (solo +880 nel Telefono) vengono ignorate.',
      'Carica il file nella pagina Studenti: ogni problema viene elencato con la sua riga prima di salvare, poi vengono aggiunti tutti insieme, oppure nessuno.',
    ],
  },
  es: {
    title: 'Cómo rellenar este archivo',
    lines: (label) => [
      `Un ${label === 'Client' ? 'cliente' : 'estudiante'} por fila en la primera hoja. No cambie el nombre de esa hoja.`,
      'ID: único en el archivo y no usado por nadie que ya tenga.',
      'Nombre y Teléfono son obligatorios. Teléfono: 01XXXXXXXXX o +8801XXXXXXXXX (el +880 ya está escrito).',
      'Si dos estudiantes comparten teléfono, añada una D al final del segundo (01712345678D).',
      'El correo, el código RFID y los teléfonos de los padres pueden quedar vacíos.',
      'Aulas: escriba y en la columna de un aula para añadir a la persona; si no, déjela vacía.',
      'Las filas sin tocar (solo +880 en Teléfono) se ignoran.',
      'Suba el archivo en la página de Estudiantes: cada problema se muestra con su fila antes de guardar nada, y luego se añaden todos a la vez, o ninguno.',
    ],
  },
  fr: {
    title: 'Comment remplir ce fichier',
    lines: (label) => [
      `Un ${label === 'Client' ? 'client' : 'élève'} par ligne sur la première feuille. Ne renommez pas cette feuille.`,
      'ID : unique dans le fichier et non utilisé par une personne que vous avez déjà.',
      'Le nom et le téléphone sont obligatoires. Téléphone : 01XXXXXXXXX ou +8801XXXXXXXXX (le +880 est déjà saisi).',
      'Si deux élèves partagent un téléphone, ajoutez un D à la fin du second (01712345678D).',
      "L'e-mail, le code RFID et les téléphones des parents peuvent rester vides.",
      "Classes : mettez y dans la colonne d'une classe pour y ajouter la personne ; sinon laissez vide.",
      'Les lignes non remplies (seulement +880 dans Téléphone) sont ignorées.',
      "Importez le fichier sur la page Élèves : chaque problème est listé avec sa ligne avant tout enregistrement, puis tout le monde est ajouté d'un coup, ou personne.",
    ],
  },
};
