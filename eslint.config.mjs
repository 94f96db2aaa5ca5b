// One lint configuration for the workspace. The module-boundary rule is the architecture's
// guard: see the depConstraints below and tools/check-lint-guards.mjs, which proves it bites.
import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import pluginQuery from '@tanstack/eslint-plugin-query';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const FRAMEWORKS = ['react', 'react-dom', 'react-dom/*', 'react-router-dom', 'antd', '@nestjs/*', 'typeorm', 'pg', '@tanstack/*', '@sentry/*'];
const FRONT_END = ['react', 'react-dom', 'react-dom/*', 'react-router-dom', 'antd', '@ant-design/*', '@tanstack/react-query', '@sentry/react', 'sonner'];
// Apps are never imported: remotes are composed at run time, the API is reached over HTTP.
const APP_PACKAGES = ['@stockbook/shell', '@stockbook/marketing', '@stockbook/*-mf', '@stockbook/api', '@stockbook/e2e'];
const WEB_LIBS = ['type:shell-context', 'type:ui', 'type:api-client', 'type:contracts', 'type:domain'];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/test-results/**', '**/playwright-report/**', '.nx/**', '.data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { '@nx': nx },
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          depConstraints: [
            // A remote never imports another remote or the shell; it builds on the libs only.
            { sourceTag: 'type:remote', onlyDependOnLibsWithTags: WEB_LIBS, bannedExternalImports: APP_PACKAGES },
            { sourceTag: 'type:host', onlyDependOnLibsWithTags: WEB_LIBS, bannedExternalImports: APP_PACKAGES },
            { sourceTag: 'type:ui', onlyDependOnLibsWithTags: ['type:shell-context', 'type:api-client', 'type:contracts', 'type:domain'] },
            { sourceTag: 'type:shell-context', onlyDependOnLibsWithTags: ['type:api-client', 'type:contracts', 'type:domain'] },
            { sourceTag: 'type:api-client', onlyDependOnLibsWithTags: ['type:contracts', 'type:domain'] },
            // Pure rules and shapes: no framework at all.
            { sourceTag: 'type:contracts', onlyDependOnLibsWithTags: ['type:domain'], bannedExternalImports: FRAMEWORKS },
            { sourceTag: 'type:domain', onlyDependOnLibsWithTags: [], bannedExternalImports: [...FRAMEWORKS, 'zod'] },
            // The API never imports front-end code.
            { sourceTag: 'type:api', onlyDependOnLibsWithTags: ['type:contracts', 'type:domain', 'type:tooling'], bannedExternalImports: [...FRONT_END, ...APP_PACKAGES] },
            { sourceTag: 'type:tooling', onlyDependOnLibsWithTags: [] },
            { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: ['type:contracts', 'type:domain', 'type:tooling'], bannedExternalImports: FRONT_END },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.tsx', 'apps/shell/**/*.ts', 'apps/*-mf/**/*.ts', 'apps/marketing/**/*.ts', 'libs/ui/**/*.ts', 'libs/api-client/**/*.ts', 'libs/shell-context/**/*.ts'],
    plugins: { 'react-hooks': reactHooks, '@tanstack/query': pluginQuery },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...pluginQuery.configs.recommended.rules,
    },
  },
  {
    files: ['**/*.spec.ts', '**/*.e2e-spec.ts', '**/test/**/*.ts'],
    languageOptions: { globals: { ...globals.jest } },
  },
);
