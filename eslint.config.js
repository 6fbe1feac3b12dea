// Lint for the whole tree, run by `npm run lint` and first thing in `npm test`. Besides the usual
// TypeScript, React hooks and accessibility rules it enforces the layers of docs/architecture.md:
// common/ ← server/ ← app/ routes, areas of server/ meeting only through their index.server.ts,
// and no import cycles; and files of at most 300 lines of code, unless the file says why at its top.
import comments from '@eslint-community/eslint-plugin-eslint-comments/configs'
import js from '@eslint/js'
import importX from 'eslint-plugin-import-x'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/** The areas of server/: each is used from outside its folder only through its index.server.ts. */
const AREAS = [
  'accounts',
  'alerts',
  'applications',
  'content',
  'deposits',
  'cooper-index',
  'documents',
  'inspections',
  'leases',
  'ledger',
  'listings',
  'maintenance',
  'media',
  'messages',
  'stays',
  'tours',
]

const layerZones = [
  {
    target: './common/**',
    from: ['./app/**', './server/**', './tests/**', './bench/**', './scripts/**'],
    message: 'common/ is browser-safe and imports neither app/ nor server/.',
  },
  {
    target: './server/**',
    from: ['./app/**', './tests/**', './bench/**', './scripts/**'],
    message: 'server/ imports only common/ and itself.',
  },
  {
    target: ['./app/components/**', './app/realtime/**', './app/utils/**', './app/routes.ts'],
    from: './server/**',
    message: 'Components and client code are browser-only: what they share with the server lives in common/.',
  },
  {
    target: ['./app/routes/**', './app/root.tsx', './app/entry.server.tsx'],
    from: './server/**',
    except: ['**/*.server.ts'],
    message: 'Routes import only *.server.ts modules from server/; browser-safe code lives in common/.',
  },
]

/**
 * Second front doors: modules of an area that other areas' queries need and that import nothing of
 * any area, so reaching them does not go round a cycle through the area's index (accounts' index
 * imports content, media and listings, whose queries carry the administrator condition).
 */
const LEAF_DOORS = { accounts: ['administrators.server.ts'], stays: ['ical.server.ts'] }

const areaZones = AREAS.map((area) => ({
  target: [`./server/!(${area})/**`, './server/*.ts', './app/**'],
  from: `./server/${area}/**`,
  except: [`**/server/${area}/index.server.ts`, ...(LEAF_DOORS[area] ?? []).map((file) => `**/server/${area}/${file}`)],
  message: `Outside server/${area}/, use that area only through server/${area}/index.server.ts.`,
}))

export default tseslint.config(
  { ignores: ['build/', '.react-router/', 'node_modules/', 'data/', 'test-results/', 'playwright-report/', 'server/db/migrations/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  comments.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      // Input checks match control characters on purpose (to refuse them).
      'no-control-regex': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // A longer file is split where its parts come apart, or says in one line at its top why they belong
      // together: /* eslint-disable max-lines -- the reason */ (docs/architecture.md, "Size").
      'max-lines': ['error', { max: 300, skipBlankLines: true, skipComments: true }],
      // Every directive comment carries its reason after `--`; a whole file's `eslint-disable` stands alone.
      '@eslint-community/eslint-comments/require-description': 'error',
      '@eslint-community/eslint-comments/disable-enable-pair': ['error', { allowWholeFile: true }],
    },
  },
  {
    files: ['app/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ['app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [importX.createNodeResolver()],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...layerZones, ...areaZones] }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-duplicates': 'error',
    },
  },
  {
    // Tests reach whatever they check, and share the helpers under tests/support.
    files: ['**/*.test.{ts,tsx}', 'tests/**'],
    rules: { 'import-x/no-restricted-paths': 'off' },
  },
  {
    // A test file is a list of separate cases of one behaviour, and each file pays for its own set-up (a
    // database, a server), so it is not split by length (docs/architecture.md, "Size").
    files: ['**/*.test.{ts,tsx}', 'tests/**'],
    rules: { 'max-lines': 'off' },
  },
)
