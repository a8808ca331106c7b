import module from 'node:module';
import path from 'node:path';

// What `npm start` runs: the bundle's entry (scripts/build-server-if-changed.ts). It keeps V8's
// compiled code of the server and its packages beside the bundle, so a start after the first
// compiles almost nothing: about 90 ms less before /api/health answers (issue 31). Node checks
// each cached entry against its source, and a new bundle starts with an empty folder. Enabled
// before the server's modules load, which static imports would not allow.
module.enableCompileCache?.(path.join(import.meta.dirname, '.compile-cache'));
await import('./main.ts');
