import { useState } from 'react';
import { nextZoom, type ZoomRange } from '../zoom-step.ts';

/** Torch and zoom come from the Image Capture extensions, which TypeScript's DOM types lack. */
type CameraCapabilities = MediaTrackCapabilities & { torch?: boolean; zoom?: ZoomRange };
type CameraSettings = MediaTrackSettings & { zoom?: number };
type CameraConstraintSet = MediaTrackConstraintSet & { torch?: boolean; zoom?: number };

function applyToTrack(track: MediaStreamTrack, constraints: CameraConstraintSet): Promise<void> {
  return track.applyConstraints({ advanced: [constraints] });
}

/**
 * Torch and zoom of a running camera, offered only when the camera reports them (spec 01 §2).
 * A change the camera refuses leaves the previous state shown.
 */
export function useCameraFeatures(track: MediaStreamTrack) {
  const capabilities = (track.getCapabilities?.() ?? {}) as CameraCapabilities;
  const zoomRange =
    capabilities.zoom && capabilities.zoom.max > capabilities.zoom.min ? capabilities.zoom : undefined;
  const [isTorchOn, setTorchOn] = useState(false);
  const [zoom, setZoom] = useState(() => (track.getSettings() as CameraSettings).zoom ?? zoomRange?.min ?? 1);

  const toggleTorch = () => {
    const next = !isTorchOn;
    applyToTrack(track, { torch: next }).then(
      () => setTorchOn(next),
      () => undefined,
    );
  };

  const zoomBy = (direction: 1 | -1) => {
    if (!zoomRange) return;
    const next = nextZoom(zoom, zoomRange, direction);
    applyToTrack(track, { zoom: next }).then(
      () => setZoom(next),
      () => undefined,
    );
  };

  return {
    hasTorch: capabilities.torch === true,
    isTorchOn,
    toggleTorch,
    zoom: zoomRange ? { canZoomIn: zoom < zoomRange.max, canZoomOut: zoom > zoomRange.min } : undefined,
    zoomBy,
  };
}
