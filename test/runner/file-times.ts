// A node:test reporter for a batch of files in one process (test/runner/batches.ts): which files ran, how long each
// one's top-level tests and suites took, and which failed, as one JSON object the runner reads when the batch ends.
// node --test --test-reporter=./test/runner/file-times.ts --test-reporter-destination=FILE

export interface FileTimes {
  /** Milliseconds of each file's top-level tests and suites (hooks included), by absolute path. */
  readonly ms: Record<string, number>
  /** Tests each file ran, top-level suites not counted. */
  readonly tests: Record<string, number>
  readonly failed: readonly string[]
}

interface TestEvent {
  readonly type: string
  readonly data?: {
    readonly file?: string
    readonly nesting?: number
    readonly details?: { readonly duration_ms?: number; readonly type?: string }
  }
}

export default async function* fileTimes(source: AsyncIterable<TestEvent>): AsyncGenerator<string> {
  const ms: Record<string, number> = {}
  const tests: Record<string, number> = {}
  const failed = new Set<string>()
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue
    const file = event.data?.file
    if (!file) continue
    if (event.type === 'test:fail') failed.add(file)
    if (event.data?.details?.type !== 'suite') tests[file] = (tests[file] ?? 0) + 1
    if (event.data?.nesting === 0) ms[file] = (ms[file] ?? 0) + (event.data.details?.duration_ms ?? 0)
  }
  const times: FileTimes = { ms, tests, failed: [...failed] }
  yield `${JSON.stringify(times)}\n`
}
