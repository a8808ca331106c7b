import { expect, type Page } from '@playwright/test';

/** The form controls of HeroUI v3 by the element that draws their boundary. */
const CONTROL_KINDS = {
  'text field': '.input, .textarea, .input-group, .search-field__group, .number-field__group',
  select: '.select__trigger',
  checkbox: '.checkbox__control',
  radio: '.radio__control',
  switch: '.switch__control',
} as const;

export type ControlKind = keyof typeof CONTROL_KINDS;

export type ControlBoundary = {
  kind: ControlKind;
  /** The control's accessible label or text, to name a failure. */
  name: string;
  /** The best of border, fill and (checked box) indicator against what lies behind the control. */
  ratio: number;
  boundary: string;
  behind: string;
};

/**
 * Every enabled form control on the screen (or in its open dialog) at rest, with the contrast of
 * its boundary against the colour behind it (WCAG 1.4.11). The colours are what the browser
 * paints: each is drawn onto a 1x1 canvas and read back, so oklch, color-mix and translucent
 * layers come out as sRGB as they would on the screen.
 */
export async function controlBoundaries(page: Page): Promise<ControlBoundary[]> {
  // At rest: no pointer over a control, no control focused, no transition half-way.
  await page.mouse.move(0, 0);
  await page.evaluate(async () => {
    const active = document.activeElement;
    const dialog = active?.closest<HTMLElement>('[role="dialog"], [role="alertdialog"]');
    // A dialog keeps focus inside itself; the dialog itself is the calm place to leave it.
    if (dialog && dialog !== active) dialog.focus();
    else if (active instanceof HTMLElement) active.blur();
    const running = document
      .getAnimations()
      .filter((animation) => animation.effect?.getTiming().iterations !== Infinity);
    await Promise.race([
      Promise.allSettled(running.map((animation) => animation.finished)),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]);
  });
  return page.evaluate((kinds) => {
    const canvas = document.createElement('canvas');
    canvas.width = 1;
    canvas.height = 1;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) throw new Error('no 2D canvas');
    type Rgba = [number, number, number, number];
    /** Paints the layers bottom-up onto white and reads the pixel. */
    const paint = (layers: string[]): Rgba => {
      context.clearRect(0, 0, 1, 1);
      context.fillStyle = '#fff';
      context.fillRect(0, 0, 1, 1);
      for (const layer of layers) {
        context.fillStyle = layer;
        context.fillRect(0, 0, 1, 1);
      }
      const [r = 0, g = 0, b = 0, a = 0] = context.getImageData(0, 0, 1, 1).data;
      return [r, g, b, a];
    };
    const alpha = (color: string) => paintAlone(color)[3];
    const paintAlone = (color: string): Rgba => {
      context.clearRect(0, 0, 1, 1);
      context.fillStyle = color;
      context.fillRect(0, 0, 1, 1);
      const [r = 0, g = 0, b = 0, a = 0] = context.getImageData(0, 0, 1, 1).data;
      return [r, g, b, a];
    };
    const luminance = ([r, g, b]: Rgba) => {
      const channel = (value: number) => {
        const c = value / 255;
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    const contrast = (one: Rgba, other: Rgba) => {
      const [light, dark] = [luminance(one), luminance(other)].sort((x, y) => y - x) as [number, number];
      return (light + 0.05) / (dark + 0.05);
    };
    /** The backgrounds from the first opaque ancestor down to the control's parent. */
    const layersBehind = (element: Element): string[] => {
      const layers: string[] = [];
      for (let node = element.parentElement; node; node = node.parentElement) {
        const color = getComputedStyle(node).backgroundColor;
        if (alpha(color) === 0) continue;
        layers.unshift(color);
        if (alpha(color) === 255) break;
      }
      return layers;
    };
    const css = ([r, g, b]: Rgba) => `rgb(${r} ${g} ${b})`;
    const isDisabled = (element: Element) =>
      element.closest(
        '[data-disabled="true"], [aria-disabled="true"], :disabled, .switch[data-disabled], .checkbox[data-disabled], .radio[data-disabled]',
      ) !== null;
    const scope =
      [...document.querySelectorAll('[role="dialog"], [role="alertdialog"]')].at(-1) ?? document.body;

    const found: ControlBoundary[] = [];
    for (const [kind, selector] of Object.entries(kinds) as [ControlKind, string][]) {
      for (const element of scope.querySelectorAll<HTMLElement>(selector)) {
        const box = element.getBoundingClientRect();
        if (box.width === 0 || box.height === 0 || isDisabled(element)) continue;
        if (element.closest('[aria-hidden="true"], [inert]')) continue;
        const style = getComputedStyle(element);
        if (style.visibility !== 'visible') continue;
        const behindLayers = layersBehind(element);
        const behind = paint(behindLayers);
        const candidates: string[] = [];
        if (Number.parseFloat(style.borderTopWidth) >= 1) candidates.push(style.borderTopColor);
        candidates.push(style.backgroundColor);
        const indicator = getComputedStyle(element, '::before');
        if (indicator.content !== 'none' && indicator.opacity === '1')
          candidates.push(indicator.backgroundColor);
        let best = { ratio: 1, color: behind };
        for (const candidate of candidates) {
          if (alpha(candidate) === 0) continue;
          const color = paint([...behindLayers, candidate]);
          const ratio = contrast(color, behind);
          if (ratio > best.ratio) best = { ratio, color };
        }
        const labelled = element.closest(
          '.switch, .checkbox, .radio, [data-slot="textfield"], .select, .search-field, .number-field, .text-field, .textfield',
        );
        const name =
          element.getAttribute('aria-label') ??
          labelled?.querySelector('label, [data-slot="label"]')?.textContent ??
          labelled?.textContent ??
          element.textContent ??
          '';
        found.push({
          kind,
          name: name.trim().slice(0, 60),
          ratio: Math.round(best.ratio * 100) / 100,
          boundary: css(best.color),
          behind: css(behind),
        });
      }
    }
    return found;
  }, CONTROL_KINDS);
}

/**
 * Every control on the screen shows a boundary of at least 3:1, and the screen has the kinds of
 * control it is known to have (so a screen that failed to render cannot pass with nothing).
 */
export async function expectControlBoundaries(
  page: Page,
  screen: string,
  kinds: ControlKind[],
): Promise<ControlBoundary[]> {
  const controls = await controlBoundaries(page);
  expect([...new Set(controls.map((control) => control.kind))].sort(), `the controls of ${screen}`).toEqual(
    expect.arrayContaining(kinds),
  );
  const weak = controls
    .filter((control) => control.ratio < 3)
    .map(
      (control) =>
        `${control.kind} "${control.name}": ${control.ratio}:1 (${control.boundary} on ${control.behind})`,
    );
  expect(weak, `controls of ${screen} below 3:1`).toEqual([]);
  return controls;
}
