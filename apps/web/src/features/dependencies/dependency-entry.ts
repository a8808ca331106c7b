/** One open-source package in the built bundle, as written to `/dependencies.json` (spec 01 §3). */
export type DependencyEntry = {
  name: string;
  version: string;
  author: string | null;
  license: string | null;
  url: string | null;
};
