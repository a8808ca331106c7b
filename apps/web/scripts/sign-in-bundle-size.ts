/** Prints the gzipped JavaScript of the sign-in screen, file by file. Run after `vite build`. */
import { measureSignInBundle } from './sign-in-bundle.ts';

const kib = (bytes: number) => (bytes / 1024).toFixed(1).padStart(7);
const bundle = measureSignInBundle();
for (const { file, gzipBytes } of bundle.files) console.log(`${kib(gzipBytes)} KiB  ${file}`);
console.log(`${kib(bundle.gzipBytes)} KiB  total for the sign-in screen (${bundle.files.length} files)`);
