import { useQueryClient } from '@tanstack/react-query';
import type { Resource } from '@toolpass/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import type { BookingSettingsText } from '../../bookings/components/booking-settings-fields.tsx';
import { resourcesKeys } from './resources-queries.ts';

/** What the resource form sends; `image` uploads a new picture, `deleteImage` drops the old one. */
export type SaveResourceInput = BookingSettingsText & {
  name: string;
  description: string;
  allowTakeOver: boolean;
  /** Safety rules as typed: a positive whole number, or empty for none (decision 21). */
  maxSessionMinutes: string;
  introductionValidForDays: string;
  introductionExpiresAfterUnusedDays: string;
  image?: File | undefined;
  deleteImage?: boolean | undefined;
};

/**
 * Creates a resource, or updates the one with `resourceId` (multipart, spec 02 §7). Every resource
 * query is refreshed afterwards: the detail, the lists and the overview's group cards.
 */
export function useSaveResource(resourceId?: number) {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: ({ image, deleteImage, ...fields }: SaveResourceInput) =>
      resourceId === undefined
        ? apiClient.sendForm<Resource>('POST', '/api/resources', { ...fields, image })
        : apiClient.sendForm<Resource>('PUT', `/api/resources/${resourceId}`, {
            ...fields,
            image,
            deleteImage: deleteImage || undefined,
          }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resourcesKeys.all }),
  });
}
