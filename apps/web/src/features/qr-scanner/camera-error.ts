/** Why the camera is not showing a picture (spec 01 §8: insecure context, no support, timeout). */
export type CameraError = 'insecure-context' | 'unsupported' | 'timeout' | 'denied' | 'no-camera' | 'failed';

type CameraEnvironment = { isSecureContext: boolean; navigator: { mediaDevices?: Partial<MediaDevices> } };

/** What keeps the browser from offering a camera at all, before anything is asked. */
export function cameraSupportError(environment: CameraEnvironment): CameraError | undefined {
  // Browsers expose cameras only to HTTPS pages and localhost.
  if (!environment.isSecureContext) return 'insecure-context';
  if (typeof environment.navigator.mediaDevices?.getUserMedia !== 'function') return 'unsupported';
  return undefined;
}

/** Raised when a granted stream shows no picture in time. */
export class CameraTimeoutError extends Error {
  constructor() {
    super('The camera stream did not start in time');
    this.name = 'CameraTimeoutError';
  }
}

/** The kind of a failed start, from the DOMException names of getUserMedia. */
export function cameraErrorOf(error: unknown): CameraError {
  if (error instanceof CameraTimeoutError) return 'timeout';
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'no-camera';
  return 'failed';
}
