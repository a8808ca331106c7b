import {
  EnrollNfcCardBodySchema,
  NfcCardIdPathSchema,
  NfcCardListSchema,
  NfcCardSchema,
  OkSchema,
  PairReaderBodySchema,
  ReaderIdPathSchema,
  ReaderListSchema,
  ReaderSchema,
  ResetNfcCardBodySchema,
  UpdateReaderBodySchema,
} from '@toolpass/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/http/auth-guard.ts';
import { manageSystemConfiguration, signedIn } from '../../platform/http/route-guards.ts';
import { routeOptions } from '../../platform/http/route-options.ts';
import type { NfcCardsService } from './nfc-cards.service.ts';
import type { ReaderTapsService } from './reader-taps.service.ts';
import type { ReadersService } from './readers.service.ts';

const route = routeOptions({ tag: 'FABReader', guard: manageSystemConfiguration });

/** FABReader and NFC card calls (spec 02 §7); taps themselves arrive over the reader socket. */
export function readersRoutes(deps: {
  readers: ReadersService;
  cards: NfcCardsService;
  taps: ReaderTapsService;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/fabreader/readers',
      route.guarded(
        {
          summary: 'Every paired reader with its state and resources (any signed-in user: the enrol modal)',
          response: { 200: ReaderListSchema },
        },
        { guard: signedIn },
      ),
      async () => deps.readers.list(),
    );

    // Before `/:readerId`, though Fastify prefers the static path anyway.
    app.post(
      '/api/fabreader/readers/pair',
      route.guarded({
        summary:
          'Approve the reader that shows this six-digit code: it receives its key over its socket ' +
          '(the answer never carries it). A wrong, expired or used code is 404; wrong codes are ' +
          'limited per client address',
        body: PairReaderBodySchema,
        response: { 201: ReaderSchema },
      }),
      async (request, reply) => reply.status(201).send(await deps.readers.pair(request.body, request.ip)),
    );

    app.post(
      '/api/fabreader/readers/enroll-nfc-card',
      route.guarded(
        {
          summary:
            'Enrol the next card tapped on this connected reader within 30 s for the caller: the server ' +
            'writes its keys. 409 for a card enrolled already (no key written), 408 without a tap',
          body: EnrollNfcCardBodySchema,
          response: { 201: NfcCardSchema },
        },
        { guard: signedIn },
      ),
      async (request, reply) =>
        reply.status(201).send(await deps.taps.enroll(requireUser(request), request.body.readerId)),
    );

    app.post(
      '/api/fabreader/readers/reset-nfc-card',
      route.guarded(
        {
          summary:
            'Give the card back its factory keys and delete it (owner or canManageSystemConfiguration): ' +
            'it must be tapped on this connected reader within 30 s; 408 without a tap',
          body: ResetNfcCardBodySchema,
          response: { 200: OkSchema },
        },
        { guard: signedIn },
      ),
      async (request) => {
        await deps.taps.reset(requireUser(request), request.body.readerId, request.body.cardId);
        return { message: 'Card reset' };
      },
    );

    app.get(
      '/api/fabreader/readers/:readerId',
      route.guarded({
        summary: 'One reader',
        params: ReaderIdPathSchema,
        response: { 200: ReaderSchema },
      }),
      async (request) => deps.readers.get(request.params.readerId),
    );

    app.patch(
      '/api/fabreader/readers/:readerId',
      route.guarded({
        summary:
          'Rename a reader and/or replace the resources it serves; the next tap uses them, without a reconnect',
        params: ReaderIdPathSchema,
        body: UpdateReaderBodySchema,
        response: { 200: ReaderSchema },
      }),
      async (request) => deps.readers.update(request.params.readerId, request.body),
    );

    app.delete(
      '/api/fabreader/readers/:readerId',
      route.guarded({
        summary: 'Forget a reader; its open socket is closed with 4401 and its key no longer authenticates',
        params: ReaderIdPathSchema,
        response: { 200: OkSchema },
      }),
      async (request) => {
        await deps.readers.delete(request.params.readerId);
        return { message: 'Reader deleted' };
      },
    );

    app.get(
      '/api/fabreader/cards',
      route.guarded(
        {
          summary:
            "The caller's NFC cards; for canManageSystemConfiguration every card with its owner (user)",
          response: { 200: NfcCardListSchema },
        },
        { guard: signedIn },
      ),
      async (request) => deps.cards.list(requireUser(request)),
    );

    app.delete(
      '/api/fabreader/cards/:cardId',
      route.guarded(
        {
          summary:
            'Delete a card without it at hand (owner or canManageSystemConfiguration): the row goes, ' +
            'the card stays locked to keys nobody else can derive',
          params: NfcCardIdPathSchema,
          response: { 200: OkSchema },
        },
        { guard: signedIn },
      ),
      async (request) => {
        await deps.cards.delete(requireUser(request), request.params.cardId);
        return { message: 'Card deleted' };
      },
    );
  };
}
