import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { layerRules } from './eslint.layers.js';

export default tseslint.config(
  { ignores: ['dist/**', 'dist-types/**', 'node_modules/**', 'test-results/**', '.data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        window: 'readonly',
        document: 'readonly',
        console: 'readonly',
        process: 'readonly',
        location: 'readonly',
        customElements: 'readonly',
        HTMLElement: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-restricted-globals': ['error', 'eval'],
      'no-new-func': 'error',
      'no-implied-eval': 'error',
    },
  },
  {
    // Components never fetch: only src/api speaks HTTP (ARCHITECTURE.md "Data flows one way").
    files: ['src/frame/**', 'src/ui/**', 'widgets/**/*.tsx'],
    rules: { 'no-restricted-globals': ['error', 'eval', 'fetch', 'XMLHttpRequest'] },
  },
  ...layerRules,
);
