import {
  Messages,
  NfcCardIdPathSchema,
  NfcCardListSchema,
  OkSchema,
  PairReaderBodySchema,
  ReaderIdPathSchema,
  ReaderListSchema,
  ReaderSchema,
  UpdateReaderBodySchema,
} from '@toolpass/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/http/auth-guard.ts';
import { signedIn, withPermission } from '../../platform/http/route-guards.ts';
import type { NfcCardsService } from './nfc-cards.service.ts';
import type { ReadersService } from './readers.service.ts';

const tags = ['FABReader'];
const security = [{ bearerAuth: [] }];
const manageSystem = withPermission(
  'canManageSystemConfiguration',
  Messages.forbiddenInsufficientPermissions,
);

/** FABReader and NFC card calls (spec 02 §7); enrolment, reset and taps come with the card module. */
export function readersRoutes(deps: {
  readers: ReadersService;
  cards: NfcCardsService;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/fabreader/readers',
      {
        preValidation: signedIn,
        schema: {
          tags,
          security,
          summary: 'Every paired reader with its state and resources (any signed-in user: the enrol modal)',
          response: { 200: ReaderListSchema },
        },
      },
      async () => deps.readers.list(),
    );

    // Before `/:readerId`, though Fastify prefers the static path anyway.
    app.post(
      '/api/fabreader/readers/pair',
      {
        preValidation: manageSystem,
        schema: {
          tags,
          security,
          summary:
            'Approve the reader that shows this six-digit code: it receives its key over its socket ' +
            '(the answer never carries it). A wrong, expired or used code is 404; wrong codes are ' +
            'limited per client address',
          body: PairReaderBodySchema,
          response: { 201: ReaderSchema },
        },
      },
      async (request, reply) => reply.status(201).send(await deps.readers.pair(request.body, request.ip)),
    );

    app.get(
      '/api/fabreader/readers/:readerId',
      {
        preValidation: manageSystem,
        schema: {
          tags,
          security,
          summary: 'One reader',
          params: ReaderIdPathSchema,
          response: { 200: ReaderSchema },
        },
      },
      async (request) => deps.readers.get(request.params.readerId),
    );

    app.patch(
      '/api/fabreader/readers/:readerId',
      {
        preValidation: manageSystem,
        schema: {
          tags,
          security,
          summary:
            'Rename a reader and/or replace the resources it serves; the next tap uses them, without a reconnect',
          params: ReaderIdPathSchema,
          body: UpdateReaderBodySchema,
          response: { 200: ReaderSchema },
        },
      },
      async (request) => deps.readers.update(request.params.readerId, request.body),
    );

    app.delete(
      '/api/fabreader/readers/:readerId',
      {
        preValidation: manageSystem,
        schema: {
          tags,
          security,
          summary: 'Forget a reader; its open socket is closed with 4401 and its key no longer authenticates',
          params: ReaderIdPathSchema,
          response: { 200: OkSchema },
        },
      },
      async (request) => {
        await deps.readers.delete(request.params.readerId);
        return { message: 'Reader deleted' };
      },
    );

    app.get(
      '/api/fabreader/cards',
      {
        preValidation: signedIn,
        schema: {
          tags,
          security,
          summary:
            "The caller's NFC cards; for canManageSystemConfiguration every card with its owner (user)",
          response: { 200: NfcCardListSchema },
        },
      },
      async (request) => deps.cards.list(requireUser(request)),
    );

    app.delete(
      '/api/fabreader/cards/:cardId',
      {
        preValidation: signedIn,
        schema: {
          tags,
          security,
          summary:
            'Delete a card without it at hand (owner or canManageSystemConfiguration): the row goes, ' +
            'the card stays locked to keys nobody else can derive',
          params: NfcCardIdPathSchema,
          response: { 200: OkSchema },
        },
      },
      async (request) => {
        await deps.cards.delete(requireUser(request), request.params.cardId);
        return { message: 'Card deleted' };
      },
    );
  };
}
