import { createReadStream } from 'node:fs';
import {
  FIRMWARE_ASSETS_PATH,
  FIRMWARE_INDEX_PATH,
  FirmwareFilePathSchema,
  FirmwareIndexSchema,
  ReaderMessages,
} from '@toolpass/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../platform/http/errors.ts';
import { manageSystemConfiguration } from '../../platform/http/route-guards.ts';
import { routeOptions } from '../../platform/http/route-options.ts';
import type { FirmwareFolder } from './firmware-folder.ts';

const route = routeOptions({ tag: 'FABReader', guard: manageSystemConfiguration });

/**
 * The flasher's firmware (spec 02 §7 "Firmware list"). Only for those who may flash readers:
 * an administrator's build may carry site settings, and nobody else needs it.
 */
export function firmwareRoutes(deps: { firmware: FirmwareFolder }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      FIRMWARE_INDEX_PATH,
      route.guarded({
        summary:
          'The reader firmware in DATA_DIR/fabreader-firmware/: one entry per ESP Web Tools manifest ' +
          '(<environment>.json) whose images are all there; empty without the folder',
        response: { 200: FirmwareIndexSchema },
      }),
      async (_request, reply) => reply.header('Cache-Control', 'no-cache').send(await deps.firmware.index()),
    );

    app.get(
      `${FIRMWARE_ASSETS_PATH}/:file`,
      route.guarded({
        summary: 'A manifest or firmware image of that folder, by its plain file name',
        params: FirmwareFilePathSchema,
      }),
      async (request, reply) => {
        const file = await deps.firmware.file(request.params.file);
        if (!file) throw notFound(ReaderMessages.firmwareFileNotFound);
        return reply
          .header('Cache-Control', 'no-cache')
          .header('Content-Length', file.size)
          .type(file.path.endsWith('.json') ? 'application/json' : 'application/octet-stream')
          .send(createReadStream(file.path));
      },
    );
  };
}
