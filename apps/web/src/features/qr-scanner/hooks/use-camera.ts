import { type RefObject, useEffect, useState } from 'react';
import { type CameraError, CameraTimeoutError, cameraErrorOf, cameraSupportError } from '../camera-error.ts';
import { CAMERA_CONSTRAINTS, CAMERA_SETTLE_MS, CAMERA_START_TIMEOUT_MS } from '../camera-settings.ts';

export type CameraState =
  | { status: 'off' }
  | { status: 'starting' }
  | { status: 'running'; track: MediaStreamTrack }
  | { status: 'error'; error: CameraError };

function stopTracks(stream: MediaStream | undefined) {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

function withTimeout<T>(promise: Promise<T>, timeoutMs: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = window.setTimeout(() => reject(new CameraTimeoutError()), timeoutMs);
    promise.then(resolve, reject).finally(() => window.clearTimeout(timer));
  });
}

const wait = (ms: number) => new Promise((resolve) => window.setTimeout(resolve, ms));

/**
 * Shows the camera in `videoRef` while `isOn`, and stops every track when turned off or unmounted
 * (spec 01 §2: the camera stops when the scanner closes). The 3 s limit counts from the granted
 * stream to the first picture, not the permission prompt, which may take a person longer.
 */
export function useCamera(videoRef: RefObject<HTMLVideoElement | null>, isOn: boolean): CameraState {
  const supportError = cameraSupportError(window);
  const [attempt, setAttempt] = useState<CameraState>({ status: 'starting' });

  useEffect(() => {
    const video = videoRef.current;
    if (!isOn || supportError || !video) return;
    let stream: MediaStream | undefined;
    let isCancelled = false;
    setAttempt({ status: 'starting' });
    void (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia(CAMERA_CONSTRAINTS);
        if (isCancelled) return stopTracks(stream);
        video.srcObject = stream;
        await withTimeout(video.play(), CAMERA_START_TIMEOUT_MS);
        await wait(CAMERA_SETTLE_MS);
        const [track] = stream.getVideoTracks();
        if (isCancelled) return;
        setAttempt(track ? { status: 'running', track } : { status: 'error', error: 'no-camera' });
      } catch (error) {
        stopTracks(stream);
        if (!isCancelled) setAttempt({ status: 'error', error: cameraErrorOf(error) });
      }
    })();
    return () => {
      isCancelled = true;
      stopTracks(stream);
      video.srcObject = null;
    };
  }, [isOn, supportError, videoRef]);

  if (supportError) return { status: 'error', error: supportError };
  if (!isOn) return { status: 'off' };
  return attempt;
}
