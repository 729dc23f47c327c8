/** A problem the operator must fix (configuration, data directory): reported as one line, no stack. */
export class OperatorError extends Error {}

/** How command-line entry points end on an error. */
export function exitWithError(error: unknown): never {
  console.error(error instanceof OperatorError ? error.message : error)
  process.exit(1)
}
