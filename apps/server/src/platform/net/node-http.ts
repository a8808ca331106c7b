import type HttpModule from 'node:http';
import type HttpsModule from 'node:https';
import { lazyModule } from '../lazy-module.ts';

// Through require, not an ES import: importing node:http as an ES module makes Node read every
// export for the module's namespace, among them its fetch and WebSocket classes, which load
// Node's own HTTP client (undici) at start: some 40 ms before /api/health answers (issue 31).
export const nodeHttp = lazyModule<typeof HttpModule>('node:http');
export const nodeHttps = lazyModule<typeof HttpsModule>('node:https');
