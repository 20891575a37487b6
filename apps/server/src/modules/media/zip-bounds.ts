import { type Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import { failure } from '../../lib/errors';

// An .xlsx is a zip. The spreadsheet reader streams rows and stops at a row limit, but one cell of
// a small file can unpack to hundreds of megabytes (a zip bomb), and the reader would hold it all.
// So every entry is unpacked once here first, counting bytes and stopping at the bound: memory
// stays flat whatever the file claims. yauzl also checks each entry against the size its
// directory declares, so a file that lies about its sizes is refused rather than trusted.

/** A zip held in memory: its entries by name, each opened as a stream when it is wanted. */
export interface ZipInMemory {
  /** Every file entry, in the file's order (a name may repeat in a hostile zip). */
  all: readonly yauzl.Entry[];
  /** The last entry of each name, as unzip tools read them. */
  entries: ReadonlyMap<string, yauzl.Entry>;
  open(entry: yauzl.Entry): Promise<Readable>;
  close(): void;
}

/** Opens a zip from memory and reads its directory (not its contents). */
export async function openZip(body: Buffer): Promise<ZipInMemory> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(body, { lazyEntries: true }, (error, file) => (error ? reject(error) : resolve(file))),
  );
  const all: yauzl.Entry[] = [];
  try {
    for (let entry = await nextEntry(zip); entry; entry = await nextEntry(zip)) {
      if (!entry.fileName.endsWith('/')) all.push(entry);
    }
  } catch (error) {
    zip.close();
    throw error;
  }
  return {
    all,
    entries: new Map(all.map((entry) => [entry.fileName, entry])),
    open: (entry) =>
      new Promise((resolve, reject) =>
        zip.openReadStream(entry, (error, read) => (error ? reject(error) : resolve(read))),
      ),
    close: () => zip.close(),
  };
}

/** Refuses a zip whose entries unpack to more than `maxBytes` in total (SHEET_UNPACKS_TOO_LARGE). */
export async function requireBoundedZip(body: Buffer, maxBytes: number): Promise<void> {
  const tooLarge = () => failure(413, 'SHEET_UNPACKS_TOO_LARGE', { max: maxBytes / 1024 / 1024 });
  const zip = await openZip(body);
  try {
    // The declared sizes answer at once for an honest bomb; counting catches a dishonest one.
    let declared = 0;
    for (const entry of zip.all) declared += entry.uncompressedSize;
    if (declared > maxBytes) throw tooLarge();
    let total = 0;
    for (const entry of zip.all) {
      await pipeline(
        await zip.open(entry),
        new Writable({
          write(chunk: Buffer, _encoding, done) {
            total += chunk.length;
            done(total > maxBytes ? tooLarge() : null);
          },
        }),
      );
    }
  } finally {
    zip.close();
  }
}

function nextEntry(zip: yauzl.ZipFile): Promise<yauzl.Entry | null> {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      zip.off('entry', onEntry);
      zip.off('end', onEnd);
      zip.off('error', onError);
    };
    const onEntry = (entry: yauzl.Entry) => {
      cleanup();
      resolve(entry);
    };
    const onEnd = () => {
      cleanup();
      resolve(null);
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    zip.on('entry', onEntry);
    zip.on('end', onEnd);
    zip.on('error', onError);
    zip.readEntry();
  });
}
