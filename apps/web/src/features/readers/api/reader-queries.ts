import { queryOptions } from '@tanstack/react-query';
import {
  FIRMWARE_INDEX_PATH,
  type FirmwareIndex,
  type NfcCard,
  type Paged,
  type Reader,
  type Resource,
} from '@toolpass/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { parseFirmwareIndex } from '../flasher/firmware-files.ts';

export const readersPath = '/api/fabreader/readers';
export const nfcCardsPath = '/api/fabreader/cards';

/** Spec 02 §4 and §9: the reader and card lists refresh every 5 seconds. */
export const READER_LISTS_REFRESH_MS = 5000;

export const readersKeys = {
  readers: ['fabreader', 'readers'] as const,
  cards: ['fabreader', 'cards'] as const,
  firmware: ['fabreader', 'firmware'] as const,
  resourceChoices: ['fabreader', 'resource-choices'] as const,
};

/** Every paired reader: connected or not, and the resources it serves. */
export const readersQuery = () =>
  queryOptions({
    queryKey: readersKeys.readers,
    queryFn: ({ signal }) => apiClient.get<Reader[]>(readersPath, { signal }),
    refetchInterval: READER_LISTS_REFRESH_MS,
  });

/** The caller's cards; every card with its owner for canManageSystemConfiguration. */
export const nfcCardsQuery = () =>
  queryOptions({
    queryKey: readersKeys.cards,
    queryFn: ({ signal }) => apiClient.get<NfcCard[]>(nfcCardsPath, { signal }),
    refetchInterval: READER_LISTS_REFRESH_MS,
  });

/** The firmware the server offers; read when the flasher opens, as the folder may have changed. */
export const firmwareIndexQuery = () =>
  queryOptions({
    queryKey: readersKeys.firmware,
    queryFn: async ({ signal }): Promise<FirmwareIndex> =>
      parseFirmwareIndex(await apiClient.get<unknown>(FIRMWARE_INDEX_PATH, { signal })),
    staleTime: 0,
  });

/** The largest page the resource list answers. */
const RESOURCE_PAGE_LIMIT = 100;

/** Every resource by name, page after page, for the reader's resource choice. */
export const resourceChoicesQuery = () =>
  queryOptions({
    queryKey: readersKeys.resourceChoices,
    queryFn: async ({ signal }) => {
      const resources: Resource[] = [];
      for (let page = 1; ; page += 1) {
        const answer = await apiClient.get<Paged<Resource>>('/api/resources', {
          query: { page, limit: RESOURCE_PAGE_LIMIT },
          signal,
        });
        resources.push(...answer.data);
        if (page >= answer.totalPages || answer.data.length === 0) break;
      }
      return resources.map(({ id, name }) => ({ id, name }));
    },
  });
