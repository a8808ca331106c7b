import type { DetectedCode } from './barcode-reader.ts';

const OUTLINE_COLOR = '#facc15';

/**
 * Outlines each detected code in yellow on the overlay canvas, corner points marked. The canvas
 * gets the video's own pixel size and the same CSS fit, so the points land on the picture.
 */
export function drawDetectedCodes(canvas: HTMLCanvasElement, video: HTMLVideoElement, codes: DetectedCode[]) {
  const context = canvas.getContext('2d');
  if (!context) return;
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  context.clearRect(0, 0, canvas.width, canvas.height);
  const lineWidth = Math.max(3, canvas.width / 150);
  context.strokeStyle = OUTLINE_COLOR;
  context.fillStyle = OUTLINE_COLOR;
  context.lineWidth = lineWidth;
  for (const { cornerPoints } of codes) {
    const [first, ...rest] = cornerPoints;
    if (!first) continue;
    context.beginPath();
    context.moveTo(first.x, first.y);
    for (const point of rest) context.lineTo(point.x, point.y);
    context.closePath();
    context.stroke();
    for (const point of cornerPoints) {
      context.beginPath();
      context.arc(point.x, point.y, lineWidth * 1.5, 0, 2 * Math.PI);
      context.fill();
    }
  }
}
