import { describe, expect, it } from 'vitest';
import { QR_ACTIONS, qrCommandOf } from '../usage/qr-deep-link.ts';
import { qrCodeFileName, qrCodeLink } from './qr-code-link.ts';

describe('qrCodeLink', () => {
  it('adds the action for start, startAndTakeover and stop', () => {
    expect(qrCodeLink('https://space.example', 4, 'start')).toBe(
      'https://space.example/resources/4?action=start',
    );
    expect(qrCodeLink('https://space.example', 4, 'startAndTakeover')).toBe(
      'https://space.example/resources/4?action=startAndTakeover',
    );
    expect(qrCodeLink('https://space.example', 4, 'stop')).toBe(
      'https://space.example/resources/4?action=stop',
    );
  });

  it('links to the plain resource page for view', () => {
    expect(qrCodeLink('http://127.0.0.1:8080', 12, 'view')).toBe('http://127.0.0.1:8080/resources/12');
  });

  it('uses only the origin of the address it is given', () => {
    expect(qrCodeLink('https://space.example/resources/9?x=1', 4, 'view')).toBe(
      'https://space.example/resources/4',
    );
  });

  it.each([
    ['start', { kind: 'start', forceTakeOver: false }],
    ['startAndTakeover', { kind: 'start', forceTakeOver: true }],
    ['stop', { kind: 'end' }],
    ['view', { kind: 'none' }],
  ] as const)('builds a %s link that the detail page reads back as that command', (action, command) => {
    expect(qrCommandOf(new URL(qrCodeLink('https://space.example', 4, action)).searchParams)).toEqual(
      command,
    );
  });

  it('covers every action the detail page understands', () => {
    expect(new Set(QR_ACTIONS.map((action) => qrCodeLink('https://space.example', 4, action))).size).toBe(
      QR_ACTIONS.length,
    );
  });
});

describe('qrCodeFileName', () => {
  it('names the image after the resource', () => {
    expect(qrCodeFileName(31)).toBe('resource-31-qrcode.png');
  });
});
