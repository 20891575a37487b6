import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import { failure } from '../../lib/errors';

// An .xlsx is a zip. The spreadsheet reader streams rows and stops at a row limit, but one cell of
// a small file can unpack to hundreds of megabytes (a zip bomb), and the reader would hold it all.
// So every entry is unpacked once here first, counting bytes and stopping at the bound: memory
// stays flat whatever the file claims. yauzl also checks each entry against the size its
// directory declares, so a file that lies about its sizes is refused rather than trusted.

/** Refuses a zip whose entries unpack to more than `maxBytes` in total (SHEET_UNPACKS_TOO_LARGE). */
export async function requireBoundedZip(body: Buffer, maxBytes: number): Promise<void> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(body, { lazyEntries: true }, (error, file) => (error ? reject(error) : resolve(file))),
  );
  const tooLarge = () => failure(413, 'SHEET_UNPACKS_TOO_LARGE', { max: maxBytes / 1024 / 1024 });
  let total = 0;
  try {
    for (let entry = await nextEntry(zip); entry; entry = await nextEntry(zip)) {
      // The declared size answers at once for an honest bomb; counting catches a dishonest one.
      if (total + entry.uncompressedSize > maxBytes) throw tooLarge();
      if (entry.fileName.endsWith('/')) continue;
      const stream = await new Promise<NodeJS.ReadableStream>((resolve, reject) =>
        zip.openReadStream(entry, (error, read) => (error ? reject(error) : resolve(read))),
      );
      await pipeline(
        stream,
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
