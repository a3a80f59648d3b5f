import { readFileSync } from 'node:fs'

/**
 * The package's own version, for `!status` and `cedar --version`. Looked up by walking up from this file, because
 * it sits one level deeper in the built package (dist/plugin/) than in a checkout (plugin/).
 */
export const CEDAR_VERSION: string = findVersion()

function findVersion(): string {
  for (const up of ['../package.json', '../../package.json']) {
    try {
      const manifest = JSON.parse(readFileSync(new URL(up, import.meta.url), 'utf8')) as {
        name?: string
        version?: string
      }
      if (manifest.name === 'mineflayer-cedar' && manifest.version) return manifest.version
    } catch {
      // not at this level; try the next
    }
  }
  return 'unknown'
}
