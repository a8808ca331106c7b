import { measureSignInBundle } from './sign-in-bundle.ts';
const b = measureSignInBundle(process.argv[2]); console.log(b.gzipBytes, b.files.length);
