/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Web address of the project repository, for bug reports and documentation links. */
  readonly VITE_PROJECT_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** When this build was made (vite.config.ts), for the update prompt's "Last updated". */
declare const __BUILD_DATE__: string;
