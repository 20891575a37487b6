import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/** Where the web app fetches face-api's model files (lib/face/face-engine.ts): our own origin. */
export const FACE_MODELS_PATH = '/face-models';

/**
 * The three models face registration and the kiosk use (the tiny detector, 68 landmarks and the
 * 128-number recognition model, about 7 MB); the package's other models (age, expression, the
 * larger detector) are left out.
 */
const MODELS = ['tiny_face_detector_model', 'face_landmark_68_model', 'face_recognition_model'];

function modelDir(): string {
  const pkg = createRequire(import.meta.url).resolve('@vladmandic/face-api/package.json');
  return path.join(path.dirname(pkg), 'model');
}

function modelFiles(): string[] {
  return MODELS.flatMap((m) => [`${m}-weights_manifest.json`, `${m}.bin`]);
}

/**
 * Serves @vladmandic/face-api's model files (MIT, shipped in the npm package) from our origin: the
 * build copies them into `dist/face-models/`, the dev server reads them from node_modules. They
 * are copied at build time rather than committed, and only the pages that recognise faces fetch
 * them.
 */
export function faceModels(): Plugin {
  return {
    name: 'batchwise-face-models',
    apply: (_config, env) => !env.isSsrBuild,
    configureServer(server) {
      server.middlewares.use(FACE_MODELS_PATH, (req, res, next) => {
        const name = (req.url ?? '').replace(/^\//, '').split('?')[0] ?? '';
        if (!modelFiles().includes(name)) return next();
        res.setHeader(
          'Content-Type',
          name.endsWith('.json') ? 'application/json' : 'application/octet-stream',
        );
        fs.createReadStream(path.join(modelDir(), name)).pipe(res);
      });
    },
    generateBundle() {
      for (const name of modelFiles()) {
        this.emitFile({
          type: 'asset',
          fileName: `${FACE_MODELS_PATH.slice(1)}/${name}`,
          source: fs.readFileSync(path.join(modelDir(), name)),
        });
      }
    },
  };
}
