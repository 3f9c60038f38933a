import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import { readdirSync } from 'node:fs';
import globals from 'globals';
import { join } from 'node:path';

// The layers (docs/architecture.md): routes → features → api → lib, all → contract;
// components/ beside lib; server/ → contract only. Each feature stands alone.
const features = readdirSync(join(import.meta.dirname, 'src', 'features'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const layerZones = [
  ...features.map((f) => ({
    target: `./src/features/${f}`,
    from: './src/features',
    except: [`./${f}`],
    message: 'A feature never imports another feature: let the page (src/routes) wire them with props.',
  })),
  { target: './src/features', from: './src/routes', message: 'Features do not import pages.' },
  {
    target: './src/api',
    from: ['./src/routes', './src/features', './src/components'],
    message: 'api/ is the data layer: it imports lib/ and contract/ only.',
  },
  {
    target: './src/lib',
    from: ['./src/routes', './src/features', './src/components', './src/api'],
    message: 'lib/ imports only lib/ and contract/.',
  },
  {
    target: './src/components',
    from: ['./src/routes', './src/features', './src/api'],
    message: 'components/ are reusable pieces: they import lib/ and contract/ only.',
  },
  { target: './contract', from: ['./src', './server'], message: 'contract/ is shared by app and server and depends on neither.' },
  { target: './server', from: './src', message: 'server/ imports the shared contract/, never the browser app (src/).' },
];

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'src/routeTree.gen.ts', '.cache', '.data', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'contract/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: layerZones }],
      'import-x/no-cycle': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Unit tests run in Node and may start the real local API.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.ts'],
    rules: {
      // The browser app never reaches into the Node side.
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/server/**', 'node:*'], message: 'src/ is browser code: no Node or server imports.' }] },
      ],
    },
  },
  {
    // The example host page's script runs in browsers as an LMS developer would copy it.
    files: ['public/**/*.js'],
    languageOptions: { globals: globals.browser, sourceType: 'script' },
  },
  {
    files: ['**/*.test.ts', 'e2e/**/*.ts', 'server/test-support/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
