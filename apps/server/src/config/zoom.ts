import { z } from 'zod';

// Online classes through Zoom: the server's Zoom OAuth app (a user-managed app made in the Zoom
// App Marketplace) and where Zoom lives. Apart from config.ts so that file stays short; config.ts
// spreads these into its schema. Endpoints and their sources: README "Zoom".

const httpUrl = z.string().refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), {
  error: 'must be an http(s) URL',
});

export const ZOOM_ENV = {
  ZOOM_CLIENT_ID: z.string().min(1).optional(),
  ZOOM_CLIENT_SECRET: z.string().min(1).optional(),
  ZOOM_WEBHOOK_SECRET: z.string().min(1).optional(),
  ZOOM_OAUTH_URL: httpUrl.optional(),
  ZOOM_API_URL: httpUrl.optional(),
};

type ZoomEnv = z.output<z.ZodObject<typeof ZOOM_ENV>>;

/**
 * The Zoom app: off (no client id in production: nobody can connect), real, or the loopback
 * stand-in (drivers/zoom/zoom-stand-in.ts) with made-up credentials for development and tests.
 */
export type ZoomConfig =
  | { driver: 'off' }
  | {
      driver: 'real' | 'stand-in';
      clientId: string;
      clientSecret: string;
      webhookSecret: string | undefined;
      /** `https://zoom.us` (authorize, token, revoke under /oauth). */
      oauthUrl: string | undefined;
      /** `https://api.zoom.us/v2`. */
      apiUrl: string | undefined;
    };

export const ZOOM_REAL_URLS = { oauth: 'https://zoom.us', api: 'https://api.zoom.us/v2' } as const;

export function zoomProblems(e: ZoomEnv): string[] {
  return e.ZOOM_CLIENT_ID && !e.ZOOM_CLIENT_SECRET
    ? ["ZOOM_CLIENT_SECRET: required with ZOOM_CLIENT_ID (the Zoom app's client secret)"]
    : [];
}

export function zoomConfig(e: ZoomEnv, production: boolean): ZoomConfig {
  const trim = (u: string | undefined) => u?.replace(/\/$/, '');
  if (e.ZOOM_CLIENT_ID && e.ZOOM_CLIENT_SECRET) {
    return {
      driver: 'real',
      clientId: e.ZOOM_CLIENT_ID,
      clientSecret: e.ZOOM_CLIENT_SECRET,
      webhookSecret: e.ZOOM_WEBHOOK_SECRET,
      oauthUrl: trim(e.ZOOM_OAUTH_URL),
      apiUrl: trim(e.ZOOM_API_URL),
    };
  }
  if (production) return { driver: 'off' };
  return {
    driver: 'stand-in',
    clientId: 'stand-in-client',
    clientSecret: 'stand-in-secret',
    webhookSecret: e.ZOOM_WEBHOOK_SECRET ?? 'stand-in-webhook-secret',
    oauthUrl: trim(e.ZOOM_OAUTH_URL),
    apiUrl: trim(e.ZOOM_API_URL),
  };
}
