// `npm run test:unit` promises in-process tests only; a unit file that reaches for a server or a child process
// (through a helper the runner's reading of its source missed) fails at once instead of quietly slowing the loop.

/** Throws when this process runs a file the runner took for a unit test. */
export function refuseInUnitRun(what: string): void {
  if (process.env.CEDAR_TEST_KIND === 'unit') {
    throw new Error(
      `this test ${what}, but the test runner took its file for a unit test: name the helper in test/runner/kinds.ts`,
    )
  }
}
