// The web app's import rules, checked by `npm test` (npm run check:rules) beside
// .dependency-cruiser.cjs. dependency-cruiser drives swc without JSX, so React components are
// read through babel here (type-only imports are dropped by it; the main cruise sees those).
// Not yet a rule: features importing each other (the design's web section says they should not; 36
// imports do today, mostly of the resources feature's queries).
const server = require('./.dependency-cruiser.cjs');

module.exports = {
  forbidden: [
    server.forbidden.find((rule) => rule.name === 'no-circular'),
    {
      name: 'web-stands-alone',
      comment: 'The web app never imports the server.',
      severity: 'error',
      from: {},
      to: { path: '^apps/server/' },
    },
  ],
  options: {
    babelConfig: { fileName: 'scripts/dependency-cruiser-babel.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.json'] },
  },
};
