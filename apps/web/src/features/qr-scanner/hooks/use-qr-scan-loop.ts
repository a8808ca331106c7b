import { type RefObject, useEffect, useRef } from 'react';
import { createBarcodeReader, type DetectedCode } from '../barcode-reader.ts';
import { SCAN_RETRY_MS, TRACKING_SCAN_RETRY_MS } from '../camera-settings.ts';
import { drawDetectedCodes } from '../detected-code-outline.ts';

type ScanLoopOptions = {
  videoRef: RefObject<HTMLVideoElement | null>;
  /** The tracker: a canvas over the video where found codes are outlined. Without it, no outlines. */
  overlayRef?: RefObject<HTMLCanvasElement | null>;
  isActive: boolean;
  onCode: (value: string) => void;
};

/**
 * Decodes the video while active: every 10 ms with the tracker, whose outlines follow the codes,
 * else every 500 ms (spec 01 §9). A code held in front of the camera is reported once, and again
 * only after it left the picture.
 */
export function useQrScanLoop({ videoRef, overlayRef, isActive, onCode }: ScanLoopOptions): void {
  const onCodeRef = useRef(onCode);
  useEffect(() => {
    onCodeRef.current = onCode;
  });

  useEffect(() => {
    const video = videoRef.current;
    const overlay = overlayRef?.current ?? undefined;
    if (!isActive || !video) return;
    const retryMs = overlay ? TRACKING_SCAN_RETRY_MS : SCAN_RETRY_MS;
    let isStopped = false;
    let timer: number | undefined;
    let lastValue: string | undefined;

    const scan = async (read: (video: HTMLVideoElement) => Promise<DetectedCode[]>) => {
      let codes: DetectedCode[] = [];
      try {
        codes = await read(video);
      } catch {
        // A frame that cannot be decoded is skipped; the next try comes with the next frame.
      }
      if (isStopped) return;
      if (overlay) drawDetectedCodes(overlay, video, codes);
      const value = codes[0]?.rawValue;
      if (value && value !== lastValue) onCodeRef.current(value);
      lastValue = value;
      timer = window.setTimeout(() => void scan(read), retryMs);
    };
    void createBarcodeReader().then((reader) => {
      if (!isStopped) void scan(reader.read);
    });

    return () => {
      isStopped = true;
      window.clearTimeout(timer);
      overlay?.getContext('2d')?.clearRect(0, 0, overlay.width, overlay.height);
    };
  }, [isActive, videoRef, overlayRef]);
}
