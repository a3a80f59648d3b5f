// The package as npm would publish it. `npm pack` runs a full build (prepack), so the test runner packs once per
// run and hands the tarball to every packaging test in CEDAR_TEST_TARBALL; a file run on its own packs for itself.
import { execFile } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'

const root = path.resolve(import.meta.dirname, '../..')

/** The packed tarball: the run's shared one (read it, never change it), or one packed now into `dir`. */
export async function packedTarball(dir: string): Promise<string> {
  const shared = process.env.CEDAR_TEST_TARBALL
  if (shared) return shared
  const { stdout } = await promisify(execFile)('npm', ['pack', '--silent', '--pack-destination', dir], {
    cwd: root,
    maxBuffer: 16 * 1024 * 1024,
  })
  return path.join(dir, stdout.trim().split('\n').pop() ?? '')
}
