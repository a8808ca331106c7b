import { type RefObject, useCallback, useLayoutEffect, useState } from 'react';

export type ScrollEdges = { moreAbove: boolean; moreBelow: boolean };

/**
 * Whether a scroll area has more above or below what it shows, kept current on scrolling and
 * resizing. Read from the element rather than drawn by a scroll-driven CSS animation (HeroUI's
 * ScrollShadow): such an animation runs for as long as the page is open, and anything that waits
 * for a page's animations to end (a test before it measures colours) would wait forever.
 */
export function useScrollEdges(ref: RefObject<HTMLElement | null>) {
  const [edges, setEdges] = useState<ScrollEdges>({ moreAbove: false, moreBelow: false });
  const update = useCallback(() => {
    const area = ref.current;
    if (!area) return;
    const moreAbove = area.scrollTop > 0;
    const moreBelow = area.scrollTop + area.clientHeight < area.scrollHeight - 1;
    setEdges((current) =>
      current.moreAbove === moreAbove && current.moreBelow === moreBelow ? current : { moreAbove, moreBelow },
    );
  }, [ref]);
  useLayoutEffect(() => {
    const area = ref.current;
    if (!area) return;
    update();
    const resized = new ResizeObserver(update);
    resized.observe(area);
    for (const child of area.children) resized.observe(child);
    return () => resized.disconnect();
  }, [ref, update]);
  return { ...edges, update };
}

/** A fade of `size` px at each edge with more beyond it, as a CSS mask. */
export function edgeFadeMask({ moreAbove, moreBelow }: ScrollEdges, size: number): string | undefined {
  if (!moreAbove && !moreBelow) return undefined;
  const top = moreAbove ? `transparent 0, #000 ${size}px` : '#000 0';
  const bottom = moreBelow ? `#000 calc(100% - ${size}px), transparent 100%` : '#000 100%';
  return `linear-gradient(to bottom, ${top}, ${bottom})`;
}
