// Running the `cedar` command as a separate process, the way a user does.
import { execFile } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'

export const root = path.resolve(import.meta.dirname, '../..')
const run = promisify(execFile)

export interface CliResult {
  code: number
  stdout: string
  stderr: string
}

/** Runs `cedar <args>` from the checkout's sources, optionally feeding `input` on standard input, with `env` added. */
export async function cedar(
  args: string[],
  input?: string,
  env: Record<string, string | undefined> = {},
): Promise<CliResult> {
  // The LLM variables are cleared unless a test sets them: a developer's own key must not reach a test.
  const clean = { ...process.env, OPENAI_API_KEY: '', OPENAI_BASE_URL: '', CEDAR_EMBED_MODEL: '', ...env }
  const child = run(process.execPath, ['--import', 'tsx', path.join(root, 'plugin/cli/main.ts'), ...args], {
    cwd: root,
    timeout: 60_000,
    env: clean,
  })
  child.child.stdin?.end(input ?? '')
  try {
    const { stdout, stderr } = await child
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string }
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' }
  }
}
