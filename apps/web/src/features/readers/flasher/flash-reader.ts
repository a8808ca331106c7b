import type { FirmwareEntry } from '@toolpass/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { flashPlan, parseFirmwareManifest } from './firmware-files.ts';

/** The rate for the FABReader's ESP32 boot loader and its stub. */
export const FLASH_BAUD_RATE = 115_200;

/** The member closed the browser's port picker without choosing (spec 02 §8: the no-port dialog). */
export class NoPortChosenError extends Error {
  constructor() {
    super('No serial port was chosen');
    this.name = 'NoPortChosenError';
  }
}

/** Asks the browser for a port; call it straight from the click, as the browser requires. */
export async function choosePort(): Promise<SerialPort> {
  try {
    return await navigator.serial.requestPort();
  } catch (error) {
    // Chromium rejects a closed picker with NotFoundError ("No port selected by the user").
    if (error instanceof DOMException && error.name === 'NotFoundError') throw new NoPortChosenError();
    throw error;
  }
}

export type FlashProgress = { image: number; images: number; percent: number };

/**
 * Writes a firmware to the reader on `port`: its manifest and images from the server first, so
 * a missing file fails before the chip is touched, then esptool-js, loaded only now so that it
 * never weighs on a page that does not flash.
 */
export async function flashReader(
  port: SerialPort,
  firmware: FirmwareEntry,
  onProgress: (progress: FlashProgress) => void,
): Promise<void> {
  const manifest = parseFirmwareManifest(await apiClient.get<unknown>(firmware.manifest_path));
  const fileArray = await Promise.all(
    flashPlan(manifest).map(async (part) => ({
      address: part.address,
      data: new Uint8Array(await (await apiClient.getBlob(part.url)).arrayBuffer()),
    })),
  );
  const { ESPLoader, Transport } = await import('esptool-js');
  const transport = new Transport(port);
  try {
    const loader = new ESPLoader({ transport, baudrate: FLASH_BAUD_RATE, romBaudrate: FLASH_BAUD_RATE });
    await loader.main();
    await loader.writeFlash({
      fileArray,
      flashMode: 'keep',
      flashFreq: 'keep',
      flashSize: 'keep',
      eraseAll: false,
      compress: true,
      reportProgress: (index, written, total) =>
        onProgress({
          image: index + 1,
          images: fileArray.length,
          percent: total === 0 ? 100 : Math.round((written / total) * 100),
        }),
    });
    await loader.after('hard_reset');
  } finally {
    await transport.disconnect();
  }
}
