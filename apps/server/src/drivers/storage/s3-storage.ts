import fs from 'node:fs';
import fsp from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { assertSafeKey, assertSafePrefix, RangeNotSatisfiableError, type Storage } from './storage';

export interface S3StorageConfig {
  /** The service's address; omitted for AWS S3 itself (the region picks it). */
  endpoint: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key` (MinIO, most stand-ins). */
  forcePathStyle: boolean;
  /** Put before every key, so several installs can share one bucket (`''` or ending in `/`). */
  keyPrefix: string;
}

/**
 * Streams larger than one part go up as a multipart upload, so an upload of any size never sits
 * whole in memory. S3 wants parts of at least 5 MiB (but the last).
 */
const PART_BYTES = 8 * 1024 * 1024;

function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
}

/** An S3-compatible bucket: AWS S3, Cloudflare R2, MinIO, Backblaze B2. */
export function createS3Storage(config: S3StorageConfig): Storage {
  // The SDK loads on first use: installs on the local disk never pay its start-up time and memory.
  let connecting: Promise<{ sdk: typeof import('@aws-sdk/client-s3'); client: S3Client }> | undefined;
  const connect = () =>
    (connecting ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        endpoint: config.endpoint,
        region: config.region,
        forcePathStyle: config.forcePathStyle,
        credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
        // Recent SDKs add CRC checksums (and chunked trailers on streams) to every request; several
        // S3-compatible services refuse them. Checksums only where the API requires one.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    })));
  const Bucket = config.bucket;
  const objectKey = (key: string) => {
    assertSafeKey(key);
    return `${config.keyPrefix}${key}`;
  };

  async function putMultipart(Key: string, ContentType: string, first: Buffer, rest: AsyncIterable<Buffer>) {
    const { sdk, client } = await connect();
    const { UploadId } = await client.send(
      new sdk.CreateMultipartUploadCommand({ Bucket, Key, ContentType }),
    );
    const parts: { ETag: string | undefined; PartNumber: number }[] = [];
    const upload = async (Body: Buffer) => {
      const PartNumber = parts.length + 1;
      const { ETag } = await client.send(
        new sdk.UploadPartCommand({ Bucket, Key, UploadId, PartNumber, Body, ContentLength: Body.length }),
      );
      parts.push({ ETag, PartNumber });
    };
    let size = 0;
    try {
      await upload(first);
      size += first.length;
      for await (const part of rest) {
        await upload(part);
        size += part.length;
      }
      await client.send(
        new sdk.CompleteMultipartUploadCommand({ Bucket, Key, UploadId, MultipartUpload: { Parts: parts } }),
      );
      return size;
    } catch (error) {
      // Best effort: a service that cannot abort expires the parts by its own lifecycle rule.
      await client
        .send(new sdk.AbortMultipartUploadCommand({ Bucket, Key, UploadId }))
        .catch(() => undefined);
      throw error;
    }
  }

  async function head(key: string) {
    const Key = objectKey(key);
    const { sdk, client } = await connect();
    try {
      const res = await client.send(new sdk.HeadObjectCommand({ Bucket, Key }));
      return { size: res.ContentLength ?? 0 };
    } catch (error) {
      if (statusOf(error) === 404) return undefined;
      throw error;
    }
  }

  return {
    name: 's3',
    async put(key, body, ContentType) {
      const Key = objectKey(key);
      const { sdk, client } = await connect();
      if (Buffer.isBuffer(body)) {
        await client.send(
          new sdk.PutObjectCommand({ Bucket, Key, Body: body, ContentType, ContentLength: body.length }),
        );
        return { key, size: body.length };
      }
      const parts = partsOf(body);
      const first = await parts.next();
      const head = first.done ? Buffer.alloc(0) : first.value;
      if (head.length < PART_BYTES) {
        await client.send(
          new sdk.PutObjectCommand({ Bucket, Key, Body: head, ContentType, ContentLength: head.length }),
        );
        return { key, size: head.length };
      }
      return {
        key,
        size: await putMultipart(Key, ContentType, head, { [Symbol.asyncIterator]: () => parts }),
      };
    },
    async get(key, range) {
      const Key = objectKey(key);
      const { sdk, client } = await connect();
      try {
        const res = await client.send(
          new sdk.GetObjectCommand({
            Bucket,
            Key,
            Range: range ? `bytes=${range.start}-${range.end ?? ''}` : undefined,
          }),
        );
        const body = res.Body as Readable;
        if (!range) return { body, size: res.ContentLength ?? 0 };
        const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(res.ContentRange ?? '');
        if (!match)
          throw new Error(`The S3 service answered a range request for ${key} without a Content-Range`);
        return { body, size: Number(match[3]), range: { start: Number(match[1]), end: Number(match[2]) } };
      } catch (error) {
        if (statusOf(error) === 404) return undefined;
        if (statusOf(error) === 416) {
          const found = await head(key);
          throw new RangeNotSatisfiableError(key, found?.size ?? 0);
        }
        throw error;
      }
    },
    head,
    async putFile(key, file, contentType) {
      const stored = await this.put(key, fs.createReadStream(file), contentType);
      await fsp.rm(file, { force: true });
      return stored;
    },
    async delete(key) {
      const Key = objectKey(key);
      const { sdk, client } = await connect();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key }));
    },
    async *list(prefix) {
      assertSafePrefix(prefix);
      const { sdk, client } = await connect();
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new sdk.ListObjectsV2Command({ Bucket, Prefix: `${config.keyPrefix}${prefix}`, ContinuationToken }),
        );
        for (const object of page.Contents ?? []) {
          if (object.Key) yield object.Key.slice(config.keyPrefix.length);
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}

/** A stream cut into buffers of PART_BYTES (the last may be shorter; an empty stream yields none). */
async function* partsOf(stream: Readable): AsyncGenerator<Buffer, void, undefined> {
  let pending: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of stream) {
    let data = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    while (bytes + data.length >= PART_BYTES) {
      const take = PART_BYTES - bytes;
      pending.push(data.subarray(0, take));
      yield Buffer.concat(pending);
      pending = [];
      bytes = 0;
      data = data.subarray(take);
    }
    if (data.length) {
      pending.push(data);
      bytes += data.length;
    }
  }
  if (bytes) yield Buffer.concat(pending);
}
