import { type RefObject, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { drawQrCode, QR_CODE_SIZE } from '../qr-code-image.ts';

type QrCodeCanvasProps = {
  text: string;
  /** The canvas, shared with the parent so it can save the drawn code. */
  canvasRef: RefObject<HTMLCanvasElement | null>;
  /** Told whether a complete code is on the canvas; must be a stable function (a state setter). */
  onDrawnChange: (isDrawn: boolean) => void;
};

/** The QR code of `text`, scaled down with its container on narrow screens ("fluid", spec 02 §9). */
export function QrCodeCanvas({ text, canvasRef, onDrawnChange }: QrCodeCanvasProps) {
  const { t } = useTranslation();
  const [hasFailed, setHasFailed] = useState(false);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    // A newer text may be drawn before an older drawing finishes; only the newest one reports.
    let isCurrent = true;
    onDrawnChange(false);
    drawQrCode(canvas, text).then(
      () => {
        if (!isCurrent) return;
        setHasFailed(false);
        onDrawnChange(true);
      },
      () => {
        if (isCurrent) setHasFailed(true);
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [text, canvasRef, onDrawnChange]);

  return (
    <div className="flex flex-col items-center gap-2">
      <canvas
        ref={canvasRef}
        width={QR_CODE_SIZE}
        height={QR_CODE_SIZE}
        role="img"
        aria-label={t('qrCode.imageLabel', { link: text })}
        className="h-auto w-full max-w-[300px] rounded-lg bg-white"
      />
      {hasFailed && (
        <p role="alert" className="text-sm text-danger">
          {t('qrCode.drawFailed')}
        </p>
      )}
    </div>
  );
}
