import type { TypedApp } from '../../lib/typed-app';
import type { TusUploads } from './tus-server';
import { uploadsRoutes } from './uploads.routes';

/** How often this process removes the chunk files of its expired unfinished uploads. */
const CHUNK_CLEAN_UP_EVERY_MS = 60 * 60 * 1000;

/**
 * The tus endpoint, and the clean-up of its chunk store. The chunks of an unfinished upload are
 * kept on the disk of the machine that took them (tus-server.ts), so each API process clears its
 * own store of uploads past their expiry, whether or not it runs the job worker; the uploads'
 * records are pruned by the shared job (uploads-prune.ts).
 */
export function registerUploads(app: TypedApp, tus: TusUploads): void {
  uploadsRoutes(app, tus);
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      tus.cleanUp().catch((error: unknown) => app.log.warn({ err: error }, 'upload chunk clean-up failed'));
    }, CHUNK_CLEAN_UP_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
