/**
 * The aiming square over the video (spec 01 §2): a dashed outline with red corners. Purely
 * visual, so hidden from assistive technology.
 */
export function ScannerFinder() {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 100 100"
      className="pointer-events-none absolute inset-[15%] size-[70%]"
      fill="none"
    >
      <rect
        x="2"
        y="2"
        width="96"
        height="96"
        stroke="white"
        strokeOpacity="0.8"
        strokeWidth="0.8"
        strokeDasharray="4 3"
      />
      <path
        d="M2 16V2h14M84 2h14v14M98 84v14H84M16 98H2V84"
        stroke="#ef4444"
        strokeWidth="3"
        strokeLinecap="square"
      />
    </svg>
  );
}
