import { Button } from '@heroui/react';
import { useTranslation } from 'react-i18next';
import { FlashlightIcon, ZoomInIcon, ZoomOutIcon } from '../../../components/icons.tsx';
import { useCameraFeatures } from '../hooks/use-camera-features.ts';

/** Torch and zoom buttons, each shown only when the running camera offers it. */
export function CameraFeatureButtons({ track }: { track: MediaStreamTrack }) {
  const { t } = useTranslation();
  const { hasTorch, isTorchOn, toggleTorch, zoom, zoomBy } = useCameraFeatures(track);
  return (
    <>
      {hasTorch && (
        <Button
          isIconOnly
          variant={isTorchOn ? 'primary' : 'secondary'}
          aria-label={t('qrScanner.torch')}
          aria-pressed={isTorchOn}
          onPress={toggleTorch}
        >
          <FlashlightIcon />
        </Button>
      )}
      {zoom && (
        <>
          <Button
            isIconOnly
            variant="secondary"
            aria-label={t('qrScanner.zoomOut')}
            isDisabled={!zoom.canZoomOut}
            onPress={() => zoomBy(-1)}
          >
            <ZoomOutIcon />
          </Button>
          <Button
            isIconOnly
            variant="secondary"
            aria-label={t('qrScanner.zoomIn')}
            isDisabled={!zoom.canZoomIn}
            onPress={() => zoomBy(1)}
          >
            <ZoomInIcon />
          </Button>
        </>
      )}
    </>
  );
}
