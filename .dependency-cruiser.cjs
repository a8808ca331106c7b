// The import boundaries of docs/architecture.md, checked by `npm test` (npm run check:rules).
// Layers of the server, lowest first: config and platform (no domain knowledge) → domains
// (routes → services → repositories) → adapters (protocol edges) → the composition root (app.ts
// and app/, main.ts, cli/). Tests may cross layers; the browser tests and benches see the server only
// through its published testing entry.
const TESTS = '(\\.test\\.tsx?$|^apps/server/src/test/)';
const SERVER = '^apps/server/src/';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'Files that import each other, directly or round a loop, cannot be read or changed alone.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'platform-knows-no-domain',
      comment: 'platform/ and config/ know no domain, adapter or the composition root.',
      severity: 'error',
      from: { path: `${SERVER}(platform|config)/`, pathNot: TESTS },
      to: { path: `${SERVER}(domains|adapters|cli|app)/|${SERVER}(app|main|testing)\\.ts$` },
    },
    {
      name: 'domains-below-adapters',
      comment: 'Domains do not reach the protocol edges or the composition root; those call them.',
      severity: 'error',
      from: { path: `${SERVER}domains/`, pathNot: TESTS },
      to: { path: `${SERVER}(adapters|cli|app)/|${SERVER}(app|main|testing)\\.ts$` },
    },
    {
      name: 'routes-through-services',
      comment: 'Routes speak HTTP and call services; SQL stays behind the services.',
      severity: 'error',
      from: { path: '\\.routes\\.ts$' },
      to: { path: '\\.repository\\.ts$' },
    },
    {
      name: 'no-other-domains-repository',
      comment: "A domain calls another domain's service, never its repository.",
      severity: 'error',
      from: { path: `${SERVER}domains/([^/]+)/`, pathNot: TESTS },
      to: { path: `${SERVER}domains/[^/]+/[^/]+\\.repository\\.ts$`, pathNot: `${SERVER}domains/$1/` },
    },
    {
      name: 'web-and-contracts-stand-alone',
      comment: 'The web app and the contracts never import the server.',
      severity: 'error',
      from: { path: '^(apps/web|packages/contracts)/' },
      to: { path: '^apps/server/' },
    },
    {
      name: 'contracts-import-no-app',
      severity: 'error',
      from: { path: '^packages/contracts/' },
      to: { path: '^apps/' },
    },
    {
      name: 'tests-and-benches-through-the-testing-entry',
      comment: 'e2e/ and bench/ import the server only through @toolpass/server/testing.',
      severity: 'error',
      from: { path: '^(e2e|bench)/' },
      to: { path: SERVER, pathNot: `${SERVER}testing\\.ts$` },
    },
  ],
  options: {
    // The compiler API of TypeScript 7 is not published, so files are parsed with swc, which
    // dependency-cruiser drives without JSX: React components (.tsx) are cruised by
    // .dependency-cruiser.web.cjs through babel instead.
    parser: 'swc',
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|data|test-results|playwright-report)/|\\.tsx$' },
    combinedDependencies: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
  },
};
