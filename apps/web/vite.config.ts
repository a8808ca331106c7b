import path from 'node:path';
import { fileURLToPath } from 'node:url';
import optimizeLocales from '@react-aria/optimize-locales-plugin';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import license from 'rollup-plugin-license';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { dependenciesManifest } from './build/dependencies-manifest.ts';
import { pluginHostModules } from './build/plugin-host-modules.ts';
import { sourceHashStamp } from './build/source-hash.ts';

const root = path.dirname(fileURLToPath(import.meta.url));
/** Where the chunks of esptool-js go, so the service worker's precache can leave them out. */
const FLASHER_CHUNKS = 'assets/flasher';

export default defineConfig({
  // Shown by the update prompt ("Last updated") and compared by the browser tests.
  define: { __BUILD_DATE__: JSON.stringify(new Date().toISOString()) },
  plugins: [
    // React Aria (under HeroUI) ships its components' own strings in 34 languages; the app speaks
    // English and German (I18nProvider in root-layout.tsx), so the rest stay out of the bundle.
    // The toast's strings alone sat in the entry script the sign-in screen loads.
    optimizeLocales.vite({ locales: ['en', 'de'] }),
    react(),
    sourceHashStamp(),
    tailwindcss(),
    pluginHostModules(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/pwa',
      filename: 'service-worker.ts',
      // Registered by src/pwa/use-service-worker.ts, which also drives the update prompt.
      injectRegister: false,
      // public/manifest.json is the manifest (spec 01 §7 lists its fields).
      manifest: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,json}'],
        // Store screenshots are for install dialogs, not for the app; the package list is fetched.
        // The flasher's esptool-js (about 350 KB with a boot stub per chip) loads only when an
        // administrator flashes a reader, which needs the server anyway: not on every phone.
        globIgnores: ['screenshots/**', 'dependencies.json', `${FLASHER_CHUNKS}/**`],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
    }),
    license({
      thirdParty: {
        includePrivate: false,
        output: { file: path.join(root, 'dist', 'dependencies.json'), template: dependenciesManifest },
      },
    }),
  ],
  resolve: {
    alias: [
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: path.join(root, 'src', 'lib', 'use-sync-external-store-shim.ts'),
      },
    ],
  },
  server: {
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
      '/_fabreader_assets': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // No preload table in the entry: it names every lazy chunk's dependencies (about 1 KB gzipped
    // on the sign-in screen). Without it a lazy route fetches its dependencies after its own
    // chunk, which the service worker answers from its precache, so the waterfall costs little.
    modulePreload: false,
    rollupOptions: {
      output: {
        // Chunks the sign-in screen needs whole, named so the bundler does not cut them anew each
        // time a lazy chunk (the plugin loader, say) starts to share one of their modules: every
        // extra file costs the sign-in screen's budget its own compression. React, React DOM and
        // the scheduler; and the HeroUI parts nearly every screen shows (alert, card, surface,
        // icons) with their styling helpers ("ui"). Measured with `npm run size --workspace apps/web`.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            {
              name: 'ui',
              test: /@heroui[\\/](react|styles)[\\/]dist[\\/]components[\\/](alert[\\/]|card[\\/]|surface[\\/]|icons\.js)/,
            },
          ],
        },
        chunkFileNames: (chunk) =>
          chunk.moduleIds.some((id) => id.includes(`${path.sep}node_modules${path.sep}esptool-js${path.sep}`))
            ? `${FLASHER_CHUNKS}/[name]-[hash].js`
            : 'assets/[name]-[hash].js',
      },
    },
  },
});
