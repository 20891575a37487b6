import { ZOOM_REAL_URLS, type ZoomConfig } from '../../config/zoom';
import { ZoomClient } from './zoom-client';
import { startZoomStandIn, type ZoomStandIn } from './zoom-stand-in';

/**
 * Zoom for this process: the real zoom.us and api.zoom.us (or the URLs given), or — outside
 * production without a Zoom app — a loopback stand-in started on first use, as the payment
 * gateways do (drivers/payments/gateways.ts).
 */
export interface ZoomDriver {
  /** Null when Zoom is off (production without ZOOM_CLIENT_ID). */
  client: ZoomClient | null;
  webhookSecret: string | undefined;
  /** Starts the stand-in if this process uses one; call before any Zoom call. */
  ready(): Promise<void>;
  /** The stand-in (started), or null with the real Zoom. */
  standIn(): Promise<ZoomStandIn | null>;
  close(): Promise<void>;
}

export function createZoomDriver(config: ZoomConfig): ZoomDriver {
  if (config.driver === 'off') {
    return {
      client: null,
      webhookSecret: undefined,
      ready: async () => undefined,
      standIn: async () => null,
      close: async () => undefined,
    };
  }
  let urls = {
    oauth: config.oauthUrl ?? ZOOM_REAL_URLS.oauth,
    api: config.apiUrl ?? ZOOM_REAL_URLS.api,
  };
  let started: Promise<ZoomStandIn | null> | undefined;
  const start = () => {
    started ??= (async () => {
      // The real Zoom, or a stand-in run elsewhere (its URLs given): nothing to start here.
      if (config.driver === 'real' || (config.oauthUrl && config.apiUrl)) return null;
      const standIn = await startZoomStandIn({
        clientId: config.clientId,
        clientSecret: config.clientSecret,
      });
      urls = { oauth: config.oauthUrl ?? standIn.oauthUrl, api: config.apiUrl ?? standIn.apiUrl };
      return standIn;
    })();
    return started;
  };
  return {
    client: new ZoomClient({
      clientId: config.clientId,
      clientSecret: config.clientSecret,
      oauthUrl: () => urls.oauth,
      apiUrl: () => urls.api,
    }),
    webhookSecret: config.webhookSecret,
    ready: async () => {
      await start();
    },
    standIn: start,
    close: async () => {
      const s = started ? await started : null;
      await s?.close();
    },
  };
}
