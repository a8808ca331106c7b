/** Camera and scanning constants of spec 01 §9. */

/**
 * The rear camera where there is one. `ideal` rather than `exact`, so laptops and desktop webcams,
 * which face the user, still work.
 */
export const CAMERA_CONSTRAINTS: MediaStreamConstraints = {
  audio: false,
  video: {
    facingMode: { ideal: 'environment' },
    width: { min: 640, ideal: 720, max: 1920 },
    height: { min: 640, ideal: 720, max: 1080 },
  },
};

/** A granted stream that shows no picture within this time counts as failed. */
export const CAMERA_START_TIMEOUT_MS = 3000;
/** Time for exposure and focus to settle before the first frame is decoded. */
export const CAMERA_SETTLE_MS = 500;
/** Pause between two decoding attempts without the tracker (outlines of found codes). */
export const SCAN_RETRY_MS = 500;
/** Pause between two decoding attempts while the tracker outlines codes, so outlines follow them. */
export const TRACKING_SCAN_RETRY_MS = 10;
/** The on/off button stays disabled this long after each press, so the camera is not hammered. */
export const CAMERA_TOGGLE_LOCK_MS = 1000;
/** Each zoom press moves a third of the camera's zoom range. */
export const ZOOM_STEPS_PER_RANGE = 3;
