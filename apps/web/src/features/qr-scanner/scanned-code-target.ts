/** What a scanned QR value leads to (spec 01 §2, §5): only addresses of this app are followed. */
export type ScannedCodeTarget =
  | { kind: 'navigate'; path: string }
  | { kind: 'wrong-origin' }
  | { kind: 'not-a-url' };

/**
 * Decides what to do with a scanned value. A code of this app's origin opens its path, query and
 * hash inside the app; any other origin (including javascript: or data: addresses, whose origin
 * is "null") is refused, so a printed code cannot send members to a look-alike site.
 */
export function scannedCodeTarget(value: string, appOrigin: string): ScannedCodeTarget {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return { kind: 'not-a-url' };
  }
  if (url.origin !== appOrigin) return { kind: 'wrong-origin' };
  return { kind: 'navigate', path: `${url.pathname}${url.search}${url.hash}` };
}
