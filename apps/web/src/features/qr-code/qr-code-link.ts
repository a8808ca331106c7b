import { QR_ACTION_PARAM, type QrAction } from '../usage/qr-deep-link.ts';

/**
 * The address a resource's QR code carries: the site origin plus /resources/{id}, with the
 * action parameter unless the action is just viewing the resource (spec 02 §2 "QR code dialog").
 * The detail page reads it back with qrCommandOf.
 */
export function qrCodeLink(origin: string, resourceId: number, action: QrAction): string {
  const link = new URL(`/resources/${resourceId}`, origin);
  if (action !== 'view') link.searchParams.set(QR_ACTION_PARAM, action);
  return link.toString();
}

/** The downloaded image's name (spec 02 §2). */
export const qrCodeFileName = (resourceId: number) => `resource-${resourceId}-qrcode.png`;
