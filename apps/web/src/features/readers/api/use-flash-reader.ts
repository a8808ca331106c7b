import type { FirmwareEntry } from '@toolpass/contracts';
import { useState } from 'react';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { type FlashProgress, flashReader } from '../flasher/flash-reader.ts';

/** Flashing as a mutation: pending while it writes, with the progress of the current image. */
export function useFlashReader() {
  const [progress, setProgress] = useState<FlashProgress | undefined>();
  const mutation = useSingleFlightMutation({
    mutationFn: (input: { port: SerialPort; firmware: FirmwareEntry }) => {
      setProgress(undefined);
      return flashReader(input.port, input.firmware, setProgress);
    },
  });
  return { ...mutation, progress };
}
