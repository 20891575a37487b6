import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { writeFirebaseExport } from './firebase-export';

// `npm run firebase-export -- out.json [teachers] [studentsPerTeacher] [seed] [orphans]`: a
// synthetic export of the original product for trying the import (npm run import:firebase).
const [file = 'firebase-export.json', teachers = '10', students = '100', seed = '1', orphans = '0'] =
  process.argv.slice(2);
const out = createWriteStream(file);
const manifest = await writeFirebaseExport(
  {
    seed: Number(seed),
    teachers: Number(teachers),
    studentsPerTeacher: Number(students),
    orphans: Number(orphans),
  },
  async (chunk) => {
    if (!out.write(chunk)) await once(out, 'drain');
  },
);
out.end();
await once(out, 'finish');
console.warn(`${file}:`, JSON.stringify(manifest, null, 2));
