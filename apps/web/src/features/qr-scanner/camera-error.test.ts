import { describe, expect, it } from 'vitest';
import { CameraTimeoutError, cameraErrorOf, cameraSupportError } from './camera-error.ts';

const getUserMedia = async () => new MediaStream();

describe('cameraSupportError', () => {
  it('refuses a page that is neither HTTPS nor localhost', () => {
    expect(
      cameraSupportError({ isSecureContext: false, navigator: { mediaDevices: { getUserMedia } } }),
    ).toBe('insecure-context');
  });

  it('reports a browser without media support', () => {
    expect(cameraSupportError({ isSecureContext: true, navigator: {} })).toBe('unsupported');
  });

  it('accepts a secure page with media support', () => {
    expect(
      cameraSupportError({ isSecureContext: true, navigator: { mediaDevices: { getUserMedia } } }),
    ).toBeUndefined();
  });
});

describe('cameraErrorOf', () => {
  it.each([
    ['NotAllowedError', 'denied'],
    ['SecurityError', 'denied'],
    ['NotFoundError', 'no-camera'],
    ['OverconstrainedError', 'no-camera'],
    ['NotReadableError', 'failed'],
  ])('reads %s as %s', (name, expected) => {
    expect(cameraErrorOf(new DOMException('camera', name))).toBe(expected);
  });

  it('reads the start timeout', () => {
    expect(cameraErrorOf(new CameraTimeoutError())).toBe('timeout');
  });
});
