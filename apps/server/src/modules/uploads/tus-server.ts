import fs from 'node:fs';
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
import { UPLOAD_EXPIRY_MS, type UploadsService } from './uploads.service';

/** The parts of a tus hook's request we read: the Node request it wraps (srvx). */
interface HookRequest {
  method: string;
  runtime?: { node?: { req: object } };
}

export interface TusUploads {
  /** Answers one tus request of a signed-in caller (the route checked the role). */
  handle(principal: Principal, req: IncomingMessage, res: ServerResponse): Promise<void>;
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
    onIncomingRequest: asTus(async (req: HookRequest, uploadId: string) => {
      // A new upload is checked with its metadata in onUploadCreate.
      if (req.method !== 'POST') await deps.uploads.requireOwnUpload(principalOf(req), uploadId);
    }),
    onUploadCreate: asTus(async (req: HookRequest, upload) => {
      const meta = upload.metadata ?? {};
      await deps.uploads.create(principalOf(req), {
        id: upload.id,
        accountId: meta[UPLOAD_METADATA.accountId] ?? '',
        purpose: meta[UPLOAD_METADATA.purpose] ?? '',
        fileName: meta[UPLOAD_METADATA.fileName] ?? '',
        fileType: meta[UPLOAD_METADATA.fileType] ?? '',
        length: upload.size,
      });
      return {};
    }),
    onUploadFinish: asTus(async (_req: HookRequest, upload) => {
      try {
        // tus answers the last PATCH with 204 and no body: the client knows the id from its URL.
        await deps.uploads.finish(
          upload.id,
          { head: () => readHead(chunkFile(upload.id)), open: () => fs.createReadStream(chunkFile(upload.id)) },
          upload.offset,
        );
        return {};
      } finally {
        await store.remove(upload.id).catch(() => undefined);
      }
    }),
  });

  return {
    async handle(principal, req, res) {
      callers.set(req, principal);
      await server.handle(req, res);
    },
    cleanUp: () => server.cleanUpExpiredUploads(),
  };
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
