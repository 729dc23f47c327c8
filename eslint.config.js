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

// The content module's parts (pages/, reader/, …): each lets the others and other modules use what
// its index.ts exports. processing/, the pure pipeline, has no index: its files are used directly.
const contentParts = fs
  .readdirSync('server/modules/content', { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'processing')
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
// The reader's files are its own: the router mounts its pages through features/reader/index.ts (the
// lazy book and chapter pages by the loaders it exports), and the site's frame and what several
// features use are outside it (client/layout/, client/components/).
const notReaderInside = {
  regex: '^(#client/features/|\\./features/|(\\.\\./)+(features/)?)reader/(?!index\\.ts$)',
  message: "Only the reader imports its files; the router mounts its pages from 'features/reader/index.ts'.",
}
const notEitherSide = {
  regex: `${into('server')}|${into('client')}`,
  message: 'shared/ is imported by both sides and imports neither.',
}
// server/http/ sits below the modules: app.ts hands it what it needs from them.
const notModules = {
  regex: '^(#server/modules/|(\\.\\./)+modules/)',
  message: 'server/http/ imports no module: declare what it needs (as registerAuth does) and wire it in app.ts.',
}
// app.ts and app-state.ts assemble the app from the layers below; nothing below imports them back.
const notAppLayer = {
  regex: '^(#server/app(-state)?(\\.ts)?|(\\.\\./)+app(-state)?\\.ts)$',
  message: 'app.ts and app-state.ts are above every layer: take what you need as a plugin option.',
}
const throughIndex = 'Import another part of the content module through its index.ts.'
/** From outside the content module: a part's files other than its index. */
const notContentPartFiles = {
  regex: `(^|/)content/(${contentParts.join('|')})/(?!index\\.ts$)`,
  message: throughIndex,
}
/** From inside the content module: another part's files other than its index. */
const notOtherContentPartFiles = {
  regex: `^\\.\\.?/(${contentParts.join('|')})/(?!index\\.ts$)`,
  message: throughIndex,
}

/** A module's repo (its SQL) is its own: other code goes through the module's service. */
const notRepoOf = (name) => ({
  regex: `(^|/)${name}/[\\w./-]*\\.repo(\\.ts)?$`,
  message: `Only the ${name} module uses its repo; import what you need from its service.`,
})
const allRepos = serverModules.map(notRepoOf)

/**
 * The patterns for static imports (no-restricted-imports) and, as the same regular expressions in
 * selectors, for import() of a literal path, which no-restricted-imports does not see.
 */
const restrict = (...patterns) => ({
  'no-restricted-imports': ['error', { patterns }],
  'no-restricted-syntax': [
    'error',
    ...patterns.map(({ regex, message }) => ({
      selector: `ImportExpression > Literal.source[value=/${regex.replaceAll('/', '\\/')}/]`,
      message,
    })),
  ],
})

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
  {
    files: ['client/**/*.{ts,tsx}'],
    ignores: ['client/features/reader/**'],
    rules: restrict(sharedSpelling, notServer, notReaderInside),
  },
  { files: ['shared/**/*.ts'], rules: restrict(sharedSpelling, notEitherSide) },
  { files: ['server/**/*.ts', 'test-support/**/*.ts'], rules: restrict(sharedSpelling, notClient) },
  {
    files: ['server/*.ts'],
    ignores: testFiles,
    rules: restrict(sharedSpelling, notClient, notContentPartFiles, ...allRepos),
  },
  {
    files: ['server/!(modules)/**/*.ts'],
    ignores: testFiles,
    rules: restrict(sharedSpelling, notClient, notAppLayer, notContentPartFiles, ...allRepos),
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
    rules: restrict(sharedSpelling, notClient, notModules, notAppLayer, ...allRepos),
  },
  ...serverModules.map((name) => ({
    files: [`server/modules/${name}/**/*.ts`],
    ignores: testFiles,
    rules: restrict(
      sharedSpelling,
      notClient,
      notAppLayer,
      name === 'content' ? notOtherContentPartFiles : notContentPartFiles,
      ...serverModules.filter((other) => other !== name).map(notRepoOf),
    ),
  })),
)
