/** The actions a resource's QR code can carry in its `action` parameter (spec 02 §2 "QR code dialog"). */
export const QR_ACTIONS = ['start', 'startAndTakeover', 'stop', 'view'] as const;
export type QrAction = (typeof QR_ACTIONS)[number];

/** Notes sent with actions a QR code starts, so the history shows where they came from. */
export const QR_NOTES = 'by QR-Code';

export const QR_ACTION_PARAM = 'action';

/** What a deep link asks for: a session command, or nothing beyond showing the page. */
export type QrCommand = { kind: 'start'; forceTakeOver: boolean } | { kind: 'end' } | { kind: 'none' };

function isQrAction(value: string): value is QrAction {
  return (QR_ACTIONS as readonly string[]).includes(value);
}

/** The command of the page address's `action` parameter; an unknown or missing one asks for nothing. */
export function qrCommandOf(search: URLSearchParams): QrCommand {
  const action = search.get(QR_ACTION_PARAM);
  if (action === null || !isQrAction(action)) return { kind: 'none' };
  switch (action) {
    case 'start':
      return { kind: 'start', forceTakeOver: false };
    case 'startAndTakeover':
      return { kind: 'start', forceTakeOver: true };
    case 'stop':
      return { kind: 'end' };
    case 'view':
      return { kind: 'none' };
  }
}
