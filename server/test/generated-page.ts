// The generated 9 MB page moved to test-support/ (beside the generated library, where client and
// e2e tests may import it too); this keeps the server tests' import working.
export * from '../../test-support/generated-page.ts'
