import { describe, expect, it } from 'vitest';
import { firmwareLabel, flashPlan, parseFirmwareIndex, parseFirmwareManifest } from './firmware-files.ts';

const entry = {
  environment: 'reader-c3',
  friendly_name: 'FABReader ESP32-C3',
  version: '1.4.0',
  board_family: 'ESP32-C3',
  manifest_path: '/_fabreader_assets/reader-c3.json',
};

describe('parseFirmwareIndex', () => {
  it('reads the list the server answers, an empty one included', () => {
    expect(parseFirmwareIndex({ firmwares: [entry] })).toEqual({ firmwares: [entry] });
    expect(parseFirmwareIndex({ firmwares: [] })).toEqual({ firmwares: [] });
  });

  it('refuses an answer that is not a firmware list rather than showing it as empty', () => {
    expect(() => parseFirmwareIndex('<!doctype html>')).toThrow();
    expect(() => parseFirmwareIndex({ firmwares: [{ environment: 'x' }] })).toThrow();
  });
});

describe('flashPlan', () => {
  it('writes the first build’s images at their offsets, fetched from the assets path', () => {
    const manifest = parseFirmwareManifest({
      name: 'FABReader',
      version: '1.4.0',
      builds: [
        {
          chipFamily: 'ESP32-S3',
          parts: [
            { path: 'bootloader.bin', offset: 0 },
            { path: 'app.bin', offset: 65536 },
          ],
        },
        { chipFamily: 'ESP32', parts: [{ path: 'other.bin', offset: 4096 }] },
      ],
    });
    expect(flashPlan(manifest)).toEqual([
      { url: '/_fabreader_assets/bootloader.bin', address: 0 },
      { url: '/_fabreader_assets/app.bin', address: 65536 },
    ]);
  });

  it('refuses a manifest whose image names leave the folder', () => {
    expect(() =>
      parseFirmwareManifest({
        name: 'x',
        version: '1',
        builds: [{ chipFamily: 'ESP32', parts: [{ path: '../secret.key', offset: 0 }] }],
      }),
    ).toThrow();
  });
});

describe('firmwareLabel', () => {
  it('names the firmware with its version and board family', () => {
    expect(firmwareLabel(entry)).toBe('FABReader ESP32-C3 1.4.0 (ESP32-C3)');
  });
});
