import fsp from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { SIGNATURE_BYTES, UPLOAD_METADATA, UPLOAD_PATHS } from '@batchwise/domain';
import { FileStore } from '@tus/file-store';
import { Server } from '@tus/server';
import type { Principal } from '../../lib/access';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { type NewUpload, UPLOAD_EXPIRY_MS, type UploadsService } from './uploads.service';

/** The parts of a tus hook's request we read: the Node request it wraps (srvx). */
interface HookRequest {
  method: string;
  runtime?: { node?: { req: object } };
}

export interface TusUploads {
  /**
   * Answers one tus request of a signed-in caller whom the route already checked (role, and
   * `check` below): tus reads the body and writes the answer itself.
   */
  handle(principal: Principal, req: IncomingMessage, res: ServerResponse): Promise<void>;
  /**
   * The checks of the caller and the upload made before tus runs, so a refusal is the API's own
   * JSON error: a new upload's account, purpose, size and quota; an existing one's uploader.
   */
  check(principal: Principal, req: IncomingMessage, uploadId: string | undefined): Promise<void>;
  /** Removes unfinished uploads past their expiry from the chunk store. */
  cleanUp(): Promise<number>;
}

/**
 * The tus 1.0 server (@tus/server with @tus/file-store): chunks are kept on this machine's data
 * directory until the upload finishes, then the checked file goes into the storage driver (disk
 * or S3) and the chunk file is removed. The caller's principal reaches the hooks through the
 * Node request the hooks' web request wraps.
 */
export function createTusUploads(deps: {
  uploads: UploadsService;
  clock: Clock;
  directory: string;
}): TusUploads {
  const callers = new WeakMap<object, Principal>();
  const principalOf = (req: HookRequest): Principal => {
    const node = req.runtime?.node?.req;
    const principal = node && callers.get(node);
    if (!principal) throw new Error('tus request without a caller');
    return principal;
  };
  const store = new FileStore({
    directory: deps.directory,
    expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS,
  });
  const chunkFile = (id: string) => path.join(deps.directory, id);

  const server = new Server({
    path: UPLOAD_PATHS.create,
    datastore: store,
    relativeLocation: true,
    namingFunction: () => newId(deps.clock.now()),
    onUploadCreate: asTus(async (req: HookRequest, upload) => {
      await deps.uploads.create(principalOf(req), newUpload(upload.id, upload.metadata ?? {}, upload.size));
      return {};
    }),
    onUploadFinish: asTus(async (_req: HookRequest, upload) => {
      try {
        // tus answers the last PATCH with 204 and no body: the client knows the id from its URL.
        await deps.uploads.finish(
          upload.id,
          {
            head: () => readHead(chunkFile(upload.id)),
            file: chunkFile(upload.id),
          },
          upload.offset,
        );
        return {};
      } finally {
        // The chunk file was moved into storage (or is refused): only tus's record of it is left.
        await store.remove(upload.id).catch(() => store.configstore.delete(upload.id).catch(() => undefined));
      }
    }),
  });

  return {
    async handle(principal, req, res) {
      callers.set(req, principal);
      // tus answers through srvx, whose send waits for the response's 'finish'; a response whose
      // client has gone (an upload cut halfway) never finishes, so the wait ends when it closes.
      const closed = new Promise<void>((resolve) => {
        if (res.closed) resolve();
        else res.once('close', resolve);
      });
      await Promise.race([server.handle(req, res), closed]);
    },
    async check(principal, req, uploadId) {
      if (uploadId) return deps.uploads.requireOwnUpload(principal, uploadId);
      const meta = parseMetadata(String(req.headers['upload-metadata'] ?? ''));
      const length = req.headers['upload-length'];
      await deps.uploads.check(
        principal,
        newUpload('', meta, length === undefined ? undefined : Number(length)),
      );
    },
    cleanUp: () => server.cleanUpExpiredUploads(),
  };
}

function newUpload(id: string, meta: Record<string, string | null>, length: number | undefined): NewUpload {
  return {
    id,
    accountId: meta[UPLOAD_METADATA.accountId] ?? '',
    purpose: meta[UPLOAD_METADATA.purpose] ?? '',
    fileName: meta[UPLOAD_METADATA.fileName] ?? '',
    fileType: meta[UPLOAD_METADATA.fileType] ?? '',
    length: Number.isSafeInteger(length) ? length : undefined,
  };
}

/** `Upload-Metadata` (tus 1.0): comma-separated `key base64value` pairs, the value optional. */
function parseMetadata(header: string): Record<string, string | null> {
  const meta: Record<string, string | null> = {};
  for (const pair of header.split(',')) {
    const [key, value] = pair.trim().split(' ');
    if (key) meta[key] = value === undefined ? null : Buffer.from(value, 'base64').toString('utf8');
  }
  return meta;
}

async function readHead(file: string): Promise<Buffer> {
  const handle = await fsp.open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(SIGNATURE_BYTES), 0, SIGNATURE_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * tus answers an error thrown by a hook with its `status_code` and `body`: our refusals go out
 * as the API's own error body (`{ error: { code, message, params } }`), with their status.
 */
function asTus<A extends unknown[], R>(hook: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  return async (...args) => {
    try {
      return await hook(...args);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const body = { error: { code: error.code, message: error.message, params: error.params } };
      throw { status_code: error.status, body: JSON.stringify(body) };
    }
  };
}
