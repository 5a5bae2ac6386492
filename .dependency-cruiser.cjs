// @ts-check
// Import boundaries of the console, checked by `pnpm lint` (`pnpm lint:boundaries`). Paths are
// regular expressions on paths from the repository root. The sources are cruised from
// apps/*/src, packages/*/src and tools/; tests may import what they need, except that nothing
// under packages/ may reach into apps/. tools/boundaries/boundaries.test.mjs shows every rule
// failing on a small fixture tree.

const WEB = '^apps/web/src';
/** typeorm and its Nest integration, resolved (node_modules/…) or not (the bare name). */
const TYPEORM = ['(^|/)node_modules/(typeorm|@nestjs/typeorm)/', '^(typeorm|@nestjs/typeorm)(/|$)'];

/** @type {import('dependency-cruiser').IConfiguration} */
const configuration = {
  forbidden: [
    {
      name: 'packages-not-apps',
      comment:
        'Packages are shared by the apps and know nothing of them: an import from packages/ into apps/ would tie a shared rule to one app (and make the build order circular).',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'domain-pure',
      comment:
        'packages/domain holds the pure rules (roles, permissions, invitations, validation, error codes) that the API and the web share: it imports only its own files, never a framework, a Node.js module, a database or network client, so it runs unchanged in the browser and on the server.',
      severity: 'error',
      from: { path: '^packages/domain/src/' },
      to: { pathNot: '^packages/domain/src/' },
    },
    {
      name: 'api-common-not-modules',
      comment:
        'apps/api/src/common holds what every module uses (auth, errors, HTTP, rate limits): it depends on no feature module, so that modules can depend on it without cycles.',
      severity: 'error',
      from: { path: '^apps/api/src/common/' },
      to: { path: '^apps/api/src/modules/' },
    },
    {
      name: 'api-typeorm-only-in-data-layer',
      comment:
        'Persistence stays in the data layer: repositories, entities, Nest modules (which register them), the database folder (data source, migrations) and the entry points that open a connection. Services, controllers, guards, interceptors, filters, jobs and workers go through repositories and never see typeorm.',
      severity: 'error',
      from: {
        path: '^apps/api/src/',
        pathNot: ['\\.repository\\.ts$', '\\.entity\\.ts$', '\\.module\\.ts$', '^apps/api/src/database/', '^apps/api/src/(app\\.module|migrate|openapi)\\.ts$'],
      },
      to: { path: TYPEORM },
    },
    {
      name: 'web-shared-not-up',
      comment: 'lib/, config/ and locales/ are the bottom layer of the web app: they import none of components/, features/, routes/ or app/.',
      severity: 'error',
      from: { path: `${WEB}/(lib|config|locales)/` },
      to: { path: `${WEB}/(components|features|routes|app)/` },
    },
    {
      name: 'web-components-only-shared',
      comment: 'components/ holds generic UI: it imports only lib/, config/, locales/ and other components, never a feature, a route or the app shell.',
      severity: 'error',
      from: { path: `${WEB}/components/` },
      to: { path: `${WEB}/`, pathNot: `${WEB}/(lib|config|locales|components)/` },
    },
    {
      name: 'web-feature-via-public-entry',
      comment:
        "A feature uses another feature only through its public entry (features/<name>/index.ts, which `@/features/<name>` resolves to): its other files are the feature's own and may change without notice.",
      severity: 'error',
      from: { path: `${WEB}/features/([^/]+)/` },
      to: { path: `${WEB}/features/[^/]+/`, pathNot: [`${WEB}/features/$1/`, `${WEB}/features/[^/]+/index\\.tsx?$`] },
    },
    {
      name: 'web-feature-not-routes-or-app',
      comment: 'Features sit below the pages: they import lib/, config/, locales/, components/ and features, never routes/, app/ or the entry point.',
      severity: 'error',
      from: { path: `${WEB}/features/` },
      to: { path: `${WEB}/`, pathNot: `${WEB}/(lib|config|locales|components|features)/` },
    },
    {
      name: 'web-routes-via-feature-entry',
      comment: "Pages use a feature only through its public entry (features/<name>/index.ts): the feature's other files are its own.",
      severity: 'error',
      from: { path: `${WEB}/routes/` },
      to: { path: `${WEB}/features/[^/]+/`, pathNot: `${WEB}/features/[^/]+/index\\.tsx?$` },
    },
    {
      name: 'web-routes-not-app',
      comment: 'app/ assembles the routes (router, providers, layout): a route importing it would make the shell and the pages depend on each other.',
      severity: 'error',
      from: { path: `${WEB}/routes/` },
      to: { path: `${WEB}/app/` },
    },
    {
      name: 'no-circular',
      comment:
        'A cycle between modules makes their load order matter (a value read before its module has run is undefined) and keeps them from being understood, tested or moved one at a time.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: '(^|/)node_modules/' },
    // Build output, coverage reports, local data and the rule set's own test fixtures.
    exclude: { path: ['^(apps|packages)/[^/]+/(dist|coverage)/', '^\\.data/', '^tools/boundaries/fixtures/'] },
    // Type-only imports count: a layer that needs another's types depends on it as much.
    tsPreCompilationDeps: true,
    // The web app's configuration carries the aliases: `@/` → apps/web/src and the workspace
    // packages → their sources.
    tsConfig: { fileName: 'apps/web/tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    skipAnalysisNotInRules: true,
  },
};

module.exports = configuration;
