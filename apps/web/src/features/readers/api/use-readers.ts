import { useQuery } from '@tanstack/react-query';
import { firmwareIndexQuery, nfcCardsQuery, readersQuery, resourceChoicesQuery } from './reader-queries.ts';

export const useReaderList = () => useQuery(readersQuery());

/** Only readers that are connected can take a card now (the readers design: enrolment). */
export const useConnectedReaders = () =>
  useQuery({ ...readersQuery(), select: (readers) => readers.filter((reader) => reader.connected) });

export const useNfcCardList = () => useQuery(nfcCardsQuery());

export const useFirmwareIndex = (enabled: boolean) => useQuery({ ...firmwareIndexQuery(), enabled });

export const useResourceChoices = () => useQuery(resourceChoicesQuery());
