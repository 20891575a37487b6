import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

/** What the camera loop needs of a detector: the native BarcodeDetector and the ponyfill agree. */
export interface QrDetector {
  detect(source: HTMLVideoElement | HTMLCanvasElement | ImageBitmap): Promise<{ rawValue: string }[]>;
}

type DetectorClass = {
  new (options: { formats: string[] }): QrDetector;
  getSupportedFormats(): Promise<readonly string[]>;
};

/**
 * A QR detector: the browser's own BarcodeDetector where it reads QR codes (Chrome on Android,
 * fast on a cheap tablet), else the `barcode-detector` ponyfill over ZXing-C++ WebAssembly.
 * The ponyfill would fetch its .wasm from jsDelivr; `locateFile` points it at our own copy,
 * which Vite emits as a hashed asset, so the kiosk never loads code from another origin
 * (integrations research §4.2). Both the ponyfill's code and the .wasm load only when needed.
 */
export async function createQrDetector(): Promise<QrDetector> {
  const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (Native) {
    try {
      if ((await Native.getSupportedFormats()).includes('qr_code'))
        return new Native({ formats: ['qr_code'] });
    } catch {
      // A native detector that cannot list its formats is not trusted; the ponyfill is.
    }
  }
  const { BarcodeDetector, prepareZXingModule } = await import('barcode-detector/ponyfill');
  // Loaded now rather than at the first frame, so a .wasm that cannot load shows as an error
  // instead of a camera that silently never reads anything.
  await prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
    },
    fireImmediately: true,
  });
  return new BarcodeDetector({ formats: ['qr_code'] });
}
