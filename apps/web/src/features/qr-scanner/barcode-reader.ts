/** A decoded QR code with its corners in video pixels (spec 01 §3: raw value and corner points). */
export type DetectedCode = { rawValue: string; cornerPoints: ReadonlyArray<{ x: number; y: number }> };

/** Reads the QR codes visible in the current video frame. */
export type BarcodeReader = { read: (video: HTMLVideoElement) => Promise<DetectedCode[]> };

/** The Shape Detection API, which TypeScript's DOM types do not include yet. */
type NativeBarcodeDetector = { detect: (source: CanvasImageSource) => Promise<DetectedCode[]> };
type NativeBarcodeDetectorClass = {
  new (options: { formats: string[] }): NativeBarcodeDetector;
  getSupportedFormats: () => Promise<string[]>;
};

async function nativeDetector(): Promise<NativeBarcodeDetector | undefined> {
  const Detector = (globalThis as { BarcodeDetector?: NativeBarcodeDetectorClass }).BarcodeDetector;
  if (!Detector) return undefined;
  try {
    const formats = await Detector.getSupportedFormats();
    return formats.includes('qr_code') ? new Detector({ formats: ['qr_code'] }) : undefined;
  } catch {
    return undefined;
  }
}

/** jsQR on a canvas copy of the frame: for browsers without BarcodeDetector (Firefox, desktop Linux). */
async function canvasReader(): Promise<BarcodeReader> {
  // Loaded only where it is needed, so it stays out of the bundle of browsers with the native API.
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return {
    read: async (video) => {
      const { videoWidth: width, videoHeight: height } = video;
      if (!context || width === 0 || height === 0) return [];
      if (canvas.width !== width) canvas.width = width;
      if (canvas.height !== height) canvas.height = height;
      context.drawImage(video, 0, 0, width, height);
      const code = jsQR(context.getImageData(0, 0, width, height).data, width, height, {
        inversionAttempts: 'dontInvert',
      });
      if (!code) return [];
      const { topLeftCorner, topRightCorner, bottomRightCorner, bottomLeftCorner } = code.location;
      return [
        {
          rawValue: code.data,
          cornerPoints: [topLeftCorner, topRightCorner, bottomRightCorner, bottomLeftCorner],
        },
      ];
    },
  };
}

/** The browser's own BarcodeDetector when it reads QR codes, else jsQR. */
export async function createBarcodeReader(): Promise<BarcodeReader> {
  const detector = await nativeDetector();
  if (detector) return { read: (video) => detector.detect(video) };
  return canvasReader();
}
