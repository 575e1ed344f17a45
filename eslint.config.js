import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { layerZones } from './scripts/layers.mjs';

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'drizzle/**', 'node_modules/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-invalid-void-type': 'off',
    },
  },
  {
    // The layers (docs/architecture.md, "Layers"): shared imports neither side; transport knows
    // no module; a module is reached only through its index.ts.
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })] },
    rules: { 'import-x/no-restricted-paths': ['error', { zones: layerZones() }] },
  },
  {
    files: ['public/**/*.js'],
    languageOptions: { globals: { ...globals.browser }, sourceType: 'script' },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  // The browser's realtime core knows no feature: features register their handlers into it.
  {
    files: ['src/web/realtime/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)features(/|$)',
              message: 'src/web/realtime imports no feature: features register into the core (realtime.on).',
            },
          ],
        },
      ],
    },
  },
  // Shared code runs on the server and in the browser: it imports nothing of the browser's.
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)web(/|$)',
              message: 'src/shared imports nothing of src/web (the browser builds on shared, not the reverse).',
            },
          ],
        },
      ],
    },
  },
  prettier,
);
