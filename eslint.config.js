// ESLint: typescript-eslint's recommended rules, React hooks rules for the client, and the
// boundaries between the parts of the code (decision 018), checked on import specifiers with
// ESLint's own no-restricted-imports (every part's imports are spelled '#shared/…', '#server/…',
// '#client/…' or relative, and both spellings are covered).
import fs from 'node:fs'
import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

const serverModules = fs
  .readdirSync('server/modules', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

/** An import of `part/` spelled either way: '#part/…' or a relative path through '…/part/'. */
const into = (part) => `^(#${part}/|(\\.\\./)+${part}/)`

// One spelling for shared code on both sides, so moving a file never changes what it imports.
const sharedSpelling = {
  regex: '^\\.{1,2}/(\\.\\./)*shared/',
  message: 'Import shared code as \'#shared/…\' (package.json "imports").',
}
// client → shared ← server, and nothing else between the three.
const notServer = { regex: into('server'), message: 'The client talks to the server over HTTP only.' }
const notClient = { regex: into('client'), message: 'The server does not import client code.' }
const notEitherSide = {
  regex: `${into('server')}|${into('client')}`,
  message: 'shared/ is imported by both sides and imports neither.',
}
// server/http/ sits below the modules: app.ts hands it what it needs from them.
const notModules = {
  regex: '^(#server/modules/|(\\.\\./)+modules/)',
  message: 'server/http/ imports no module: declare what it needs (as registerAuth does) and wire it in app.ts.',
}
/** A module's repo (its SQL) is its own: other code goes through the module's service. */
const notRepoOf = (name) => ({
  regex: `(^|/)${name}/[\\w./-]*\\.repo(\\.ts)?$`,
  message: `Only the ${name} module uses its repo; import what you need from its service.`,
})
const allRepos = serverModules.map(notRepoOf)

const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] })

// Tests and their helpers may reach into a module (seed a table through its repo, run the content
// pipeline directly); the layer rules are for the code that ships.
const testFiles = ['**/*.test.ts', '**/*.test.tsx', 'server/test/**', 'test-support/**']

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      '**/node_modules/**',
      'server/db/migrations/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // The last block that matches a file sets its restrictions, so each lists all that apply.
  { files: ['**/*.{ts,tsx}'], rules: restrict(sharedSpelling) },
  { files: ['client/**/*.{ts,tsx}'], rules: restrict(sharedSpelling, notServer) },
  { files: ['shared/**/*.ts'], rules: restrict(sharedSpelling, notEitherSide) },
  { files: ['server/**/*.ts', 'test-support/**/*.ts'], rules: restrict(sharedSpelling, notClient) },
  {
    files: ['server/*.ts', 'server/!(modules)/**/*.ts'],
    ignores: testFiles,
    rules: restrict(sharedSpelling, notClient, ...allRepos),
  },
  // The tools (bench, drills, scripts, browser tests) may use the client's texts, not a module's SQL.
  {
    files: ['bench/**/*.ts', 'drill/**/*.ts', 'scripts/**/*.ts', 'e2e/**/*.ts'],
    ignores: testFiles,
    rules: restrict(sharedSpelling, ...allRepos),
  },
  {
    files: ['server/http/**/*.ts'],
    ignores: testFiles,
    rules: restrict(sharedSpelling, notClient, notModules, ...allRepos),
  },
  ...serverModules.map((name) => ({
    files: [`server/modules/${name}/**/*.ts`],
    ignores: testFiles,
    rules: restrict(sharedSpelling, notClient, ...serverModules.filter((other) => other !== name).map(notRepoOf)),
  })),
)
