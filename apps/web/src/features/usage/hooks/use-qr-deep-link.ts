import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { QR_NOTES, qrCommandOf } from '../qr-deep-link.ts';
import type { UsageCommands } from './use-usage-commands.ts';

/**
 * Performs the action a scanned QR code put in the address (?action=…) once, then replaces the
 * address with the plain resource page so a reload or going back does not repeat it (spec 01 §2).
 */
export function useQrDeepLink(resourceId: number, commands: UsageCommands) {
  const [search] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  // React StrictMode runs effects twice and every re-render re-runs this one: each visit to an
  // address (its history key) acts at most once.
  const handledKey = useRef<string | null>(null);
  const command = qrCommandOf(search);
  const kind = command.kind;
  const forceTakeOver = command.kind === 'start' && command.forceTakeOver;

  useEffect(() => {
    if (kind === 'none' || handledKey.current === location.key) return;
    handledKey.current = location.key;
    if (kind === 'start') commands.start(QR_NOTES, forceTakeOver);
    else commands.end(QR_NOTES);
    void navigate(`/resources/${resourceId}`, { replace: true });
  }, [kind, forceTakeOver, location.key, commands, navigate, resourceId]);
}
