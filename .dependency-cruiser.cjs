// The house's import arrows as rules (spec: architecture.md), checked by `npm run deps` in `npm test`.
// app → features → api/query; api, demo, server → engine, query; sql → engine; the engine imports
// nothing of the project. One rule per arrow, so a failure names the arrow that was broken.
const TESTS = '\\.test\\.tsx?$|/test-support/'

module.exports = {
  forbidden: [
    {
      name: 'engine-imports-nothing-of-the-project',
      comment: 'src/engine is the pure core: it imports only itself.',
      severity: 'error',
      from: { path: '^src/engine/' },
      to: { path: '^src/', pathNot: '^src/engine/' },
    },
    {
      name: 'engine-is-pure-typescript',
      comment: 'The engine runs in a Web Worker and in Node: no Node, React or DOM libraries (tests may use their tools).',
      severity: 'error',
      from: { path: '^src/engine/', pathNot: TESTS },
      to: { dependencyTypes: ['core', 'npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-no-pkg', 'npm-unknown'] },
    },
    {
      name: 'engine-only-through-its-index',
      comment: 'Outside the engine, engine things come from src/engine/index.ts, never its internals.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/engine/' },
      to: { path: '^src/engine/', pathNot: '^src/engine/index\\.ts$' },
    },
    {
      name: 'query-imports-neither-react-nor-engine',
      comment: 'src/query is the pure query model: no React, no engine, nothing above it.',
      severity: 'error',
      from: { path: '^src/query/' },
      to: { path: '^src/(engine|api|app|features|server)/|^node_modules/(react|react-dom|@tanstack)/' },
    },
    {
      name: 'api-not-above-itself',
      comment: 'src/api (transports, parser) serves the screens; it never imports them.',
      severity: 'error',
      from: { path: '^src/api/' },
      to: { path: '^src/(app|features|server)/' },
    },
    {
      name: 'features-never-import-engine-or-demo',
      comment:
        'Features draw what api/ and query/ give them. Of the demo they may read only its metadata (ids, titles); ' +
        'tests may run the engine as their server.',
      severity: 'error',
      from: { path: '^src/features/', pathNot: TESTS },
      to: { path: '^src/(engine|demo)/', pathNot: '^src/demo/metadata\\.ts$' },
    },
    {
      name: 'features-never-import-app',
      comment: 'Arrows point from the shell down: app → features, never back.',
      severity: 'error',
      from: { path: '^src/features/' },
      to: { path: '^src/app/' },
    },
    {
      name: 'demo-only-engine-and-query',
      comment: 'The demo (worker, generators) hands requests to the engine; it knows nothing of the screens or the api layer.',
      severity: 'error',
      from: { path: '^src/demo/' },
      to: { path: '^src/(app|features|api|server)/' },
    },
    {
      name: 'sql-only-engine',
      comment: 'src/sql (the SQL checks, loading and answers the server and the browser share) imports only the engine.',
      severity: 'error',
      from: { path: '^src/sql/' },
      to: { path: '^src/', pathNot: '^src/(sql|engine)/' },
    },
    {
      name: 'sql-runs-in-browser-and-node',
      comment: 'src/sql runs in a Web Worker and in Node: no Node core modules (its npm parts are PGlite and the parser).',
      severity: 'error',
      from: { path: '^src/sql/', pathNot: TESTS },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'server-only-engine-query-demo',
      comment: 'The Node server wraps the engine handler; it never imports browser code.',
      severity: 'error',
      from: { path: '^src/server/' },
      to: { path: '^src/(app|features|api)/' },
    },
    {
      name: 'browser-never-imports-server',
      comment: 'src/server is Node-only and never part of the browser bundle.',
      severity: 'error',
      from: { path: '^src/(?!server/|bench/)' },
      to: { path: '^src/server/' },
    },
  ],
  options: {
    babelConfig: { fileName: 'scripts/depcruise-babel.cjs' },
    doNotFollow: { path: 'node_modules' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
}
