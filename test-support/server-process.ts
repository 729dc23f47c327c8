// How `npm start` runs the server, for the tests, the bench and the drills that start it as a
// process of its own: the same node flags and environment as package.json's "start" script
// (scripts/start-script.test.ts keeps the two the same).

/** Node's flags and the entry file: a 256 MB JavaScript heap, as on a small server. */
export const SERVER_NODE_ARGS = ['--max-old-space-size=256', '--import', 'tsx', 'server/main.ts']

/**
 * glibc's allocator, told to give memory back: at most two arenas (one per thread grew to 64 MB each
 * and kept what it once held) and a fixed mmap threshold (large buffers are mapped and unmapped
 * instead of filling the arenas). Resident memory once idle after saving a 9 MB page fell from ~640
 * to ~360 MB embedded and from ~310 to ~110 MB on PostgreSQL (server/memory.test.ts).
 */
export const SERVER_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' } as const
