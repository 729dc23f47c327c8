// The Pāli grammar core: one spelling for forms, declension and conjugation patterns, and reading a
// word of a text back to what a lexicon holds. Pure functions, used by the server and the client.
export * from './spelling.ts'
export * from './paradigms.ts'
export * from './analyse.ts'
