/** The code is drawn 300 px wide (spec 02 §9). */
export const QR_CODE_SIZE = 300;
/** The app logo drawn over the centre of the code. */
export const QR_CODE_LOGO_SRC = '/favicon.svg';
/** Share of the code's width the logo covers: well within what high error correction restores. */
const LOGO_SHARE = 0.22;

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error(`Could not load ${src}`));
    image.src = src;
  });
}

/**
 * Draws the QR code of `text` with the logo in its centre. Error correction is high (about 30 % of
 * the symbol can be lost), because the logo hides the modules beneath it.
 */
export async function drawQrCode(canvas: HTMLCanvasElement, text: string): Promise<void> {
  // Loaded on first use: only managers open the dialog, so members' resource pages stay lighter.
  const { toCanvas } = await import('qrcode');
  await toCanvas(canvas, text, { errorCorrectionLevel: 'H', width: QR_CODE_SIZE, margin: 2 });
  const logo = await loadImage(QR_CODE_LOGO_SRC);
  const context = canvas.getContext('2d');
  if (!context) return;
  const logoSize = Math.round(canvas.width * LOGO_SHARE);
  const padding = Math.round(logoSize * 0.12);
  const start = Math.round((canvas.width - logoSize) / 2);
  // A white frame keeps the logo apart from the modules around it, so scanners find the edges.
  context.fillStyle = '#ffffff';
  context.beginPath();
  context.roundRect(
    start - padding,
    start - padding,
    logoSize + 2 * padding,
    logoSize + 2 * padding,
    padding,
  );
  context.fill();
  context.drawImage(logo, start, start, logoSize, logoSize);
}

/** Saves what the canvas shows as a PNG file with the given name. */
export function downloadCanvasAsPng(canvas: HTMLCanvasElement, fileName: string): Promise<void> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => {
      if (!blob) {
        reject(new Error('The QR code could not be turned into an image'));
        return;
      }
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = fileName;
      link.click();
      // The click has started the download; the address is no longer needed.
      setTimeout(() => URL.revokeObjectURL(url), 0);
      resolve();
    }, 'image/png');
  });
}
