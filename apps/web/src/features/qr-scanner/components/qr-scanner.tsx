import { Button, Spinner } from '@heroui/react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PowerIcon } from '../../../components/icons.tsx';
import { CAMERA_TOGGLE_LOCK_MS } from '../camera-settings.ts';
import { useCamera } from '../hooks/use-camera.ts';
import { useQrScanLoop } from '../hooks/use-qr-scan-loop.ts';
import { useTemporaryLock } from '../hooks/use-temporary-lock.ts';
import { CameraErrorAlert } from './camera-error-alert.tsx';
import { CameraFeatureButtons } from './camera-feature-buttons.tsx';
import { ScannerFinder } from './scanner-finder.tsx';

/**
 * The camera picture with the finder, the outline of detected codes and the camera buttons.
 * The camera runs while this is mounted and switched on.
 */
export function QrScanner({ onCode }: { onCode: (value: string) => void }) {
  const { t } = useTranslation();
  const videoRef = useRef<HTMLVideoElement>(null);
  const overlayRef = useRef<HTMLCanvasElement>(null);
  const [isOn, setOn] = useState(true);
  const [isToggleLocked, lockToggle] = useTemporaryLock(CAMERA_TOGGLE_LOCK_MS);
  const camera = useCamera(videoRef, isOn);
  useQrScanLoop({ videoRef, overlayRef, isActive: camera.status === 'running', onCode });

  return (
    <div className="flex flex-col gap-4">
      {camera.status === 'error' && <CameraErrorAlert error={camera.error} />}
      <div className="relative mx-auto aspect-square w-full max-w-md overflow-hidden rounded-xl bg-black">
        <video ref={videoRef} muted playsInline className="absolute inset-0 size-full object-cover" />
        {/* Decoration: the outline canvas shares the video's pixel size and fit. */}
        <div aria-hidden="true" className="pointer-events-none absolute inset-0">
          <canvas ref={overlayRef} className="absolute inset-0 size-full object-cover" />
          <ScannerFinder />
        </div>
        {camera.status === 'starting' && (
          <div className="absolute inset-0 flex items-center justify-center">
            <Spinner aria-label={t('qrScanner.starting')} />
          </div>
        )}
        {camera.status === 'off' && (
          <p className="absolute inset-0 flex items-center justify-center text-white">{t('qrScanner.off')}</p>
        )}
      </div>
      <div className="flex flex-wrap items-center justify-center gap-2">
        {camera.status === 'running' && <CameraFeatureButtons key={camera.track.id} track={camera.track} />}
        <Button
          variant="secondary"
          isDisabled={isToggleLocked || camera.status === 'error'}
          onPress={() => {
            lockToggle();
            setOn((current) => !current);
          }}
        >
          <PowerIcon />
          {isOn ? t('qrScanner.turnOff') : t('qrScanner.turnOn')}
        </Button>
      </div>
      <p className="text-center text-sm text-muted">{t('qrScanner.hint')}</p>
    </div>
  );
}
