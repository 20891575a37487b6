import fs from 'node:fs';
import zlib from 'node:zlib';

/**
 * Writes a zip file entry by entry (deflated), for the account archive. The project reads zips
 * with yauzl but has no writer, and none can be added; the format needed here is small: local
 * headers, the data, a central directory. No ZIP64, so one archive stays under 4 GB.
 */
export class ZipWriter {
  private readonly fd: number;
  private offset = 0;
  private readonly central: Buffer[] = [];

  constructor(file: string) {
    this.fd = fs.openSync(file, 'w');
  }

  add(name: string, data: Buffer): void {
    const fileName = Buffer.from(name, 'utf8');
    const deflated = zlib.deflateRawSync(data);
    const stored = deflated.length >= data.length;
    const body = stored ? data : deflated;
    const crc = zlib.crc32(data);
    if (this.offset + body.length > 0xffff_ff00) throw new Error('The archive is too large for a zip');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // names are UTF-8
    local.writeUInt16LE(stored ? 0 : 8, 8);
    local.writeUInt32LE(0x00210000, 10); // 1980-01-01 00:00: entries carry no time of their own
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    local.writeUInt16LE(0, 28);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    local.copy(entry, 6, 4, 30); // version needed … name length: the same fields in the same order
    entry.writeUInt16LE(0, 32); // comment length (30: extra length, already 0)
    entry.writeUInt32LE(this.offset, 42);
    this.central.push(entry, fileName);
    this.write(local);
    this.write(fileName);
    this.write(body);
  }

  close(): number {
    if (this.central.length / 2 > 0xffff) throw new Error('The archive has too many files for a zip');
    const start = this.offset;
    for (const part of this.central) this.write(part);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.central.length / 2, 8);
    end.writeUInt16LE(this.central.length / 2, 10);
    end.writeUInt32LE(this.offset - start, 12);
    end.writeUInt32LE(start, 16);
    this.write(end);
    fs.closeSync(this.fd);
    return this.offset;
  }

  /** Closes the file after a failure; the caller deletes it. */
  abandon(): void {
    fs.closeSync(this.fd);
  }

  private write(buffer: Buffer): void {
    fs.writeSync(this.fd, buffer);
    this.offset += buffer.length;
  }
}
