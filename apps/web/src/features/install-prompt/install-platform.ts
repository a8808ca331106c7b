/** Where an install dialog makes sense: a phone or tablet, whose home screen can hold the app. */
export type InstallPlatform = 'apple' | 'android' | 'other';

type NavigatorLike = Pick<Navigator, 'userAgent' | 'maxTouchPoints'>;

// Other iOS browsers name themselves; only Safari has the Share → Add to Home Screen steps shown.
const OTHER_IOS_BROWSERS = /CriOS|FxiOS|EdgiOS|OPiOS|OPT\/|YaBrowser|GSA\//;

export function detectInstallPlatform({ userAgent, maxTouchPoints }: NavigatorLike): InstallPlatform {
  // iPadOS asks for the desktop site and says "Macintosh"; only its touch screen tells it apart.
  const isAppleMobile =
    /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
  if (isAppleMobile) {
    return /Safari\//.test(userAgent) && !OTHER_IOS_BROWSERS.test(userAgent) ? 'apple' : 'other';
  }
  if (/Android/.test(userAgent)) return 'android';
  return 'other';
}

/** Opened from the home screen already (spec 01 §2): then there is nothing to install. */
export function isRunningInstalled(): boolean {
  const appleStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return appleStandalone || window.matchMedia('(display-mode: standalone)').matches;
}
