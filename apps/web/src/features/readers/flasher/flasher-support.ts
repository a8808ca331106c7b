/**
 * Whether this page can flash a reader (spec 02 §8 "Flasher"). Web Serial exists only in
 * secure contexts; on plain http other than the loopback names the browser hides it, so the
 * page says HTTPS is what is missing rather than that the browser cannot do it.
 */
export type FlasherSupport = 'supported' | 'requires-https' | 'unsupported';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export function flasherSupport(page: {
  protocol: string;
  hostname: string;
  hasSerial: boolean;
}): FlasherSupport {
  if (page.protocol === 'http:' && !LOOPBACK_HOSTS.has(page.hostname)) return 'requires-https';
  return page.hasSerial ? 'supported' : 'unsupported';
}

/** The support of the page the code runs in. */
export function currentFlasherSupport(): FlasherSupport {
  return flasherSupport({
    protocol: window.location.protocol,
    hostname: window.location.hostname,
    hasSerial: 'serial' in navigator && navigator.serial !== undefined,
  });
}
