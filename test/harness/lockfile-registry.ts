// An npm registry on 127.0.0.1 that knows exactly the package versions in our package-lock.json, so a test can run
// a real `npm install` (npm's own resolution, peer dependencies and dedupe) without the network. Its packuments give
// each version's integrity; npm then takes the tarball from its cache (where `npm ci` put it) by that integrity and
// never asks for the tarball URL. A tarball request is answered 404, which fails the install loudly.
import { readFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

interface LockEntry {
  readonly version?: string
  readonly integrity?: string
  readonly link?: boolean
  readonly dependencies?: Record<string, string>
  readonly peerDependencies?: Record<string, string>
  readonly peerDependenciesMeta?: Record<string, { optional?: boolean }>
  readonly optionalDependencies?: Record<string, string>
  readonly bin?: Record<string, string>
  readonly engines?: Record<string, string>
  readonly os?: string[]
  readonly cpu?: string[]
  readonly hasInstallScript?: boolean
}

export interface LockfileRegistry {
  readonly url: string
  /** Packument and tarball requests it answered, by path: what npm asked for. */
  readonly requests: readonly string[]
  close(): Promise<void>
}

/** Packument documents, by package name, for every package version the lockfile installs. */
export function packumentsFromLock(lock: { packages: Record<string, LockEntry> }, baseUrl: string) {
  const packuments = new Map<string, { name: string; versions: Record<string, unknown>; latest: string }>()
  for (const [location, entry] of Object.entries(lock.packages)) {
    const at = location.lastIndexOf('node_modules/')
    if (at < 0 || entry.link || !entry.version || !entry.integrity) continue
    const name = location.slice(at + 'node_modules/'.length)
    const doc = packuments.get(name) ?? { name, versions: {}, latest: entry.version }
    doc.versions[entry.version] = {
      name,
      version: entry.version,
      ...pick(entry, ['dependencies', 'peerDependencies', 'peerDependenciesMeta', 'optionalDependencies', 'bin']),
      ...pick(entry, ['engines', 'os', 'cpu', 'hasInstallScript']),
      dist: {
        integrity: entry.integrity,
        tarball: `${baseUrl}/${name}/-/${name.split('/').pop()}-${entry.version}.tgz`,
      },
    }
    if (compareVersions(entry.version, doc.latest) > 0) doc.latest = entry.version
    packuments.set(name, doc)
  }
  return packuments
}

export async function startLockfileRegistry(lockfilePath: string): Promise<LockfileRegistry> {
  const lock = JSON.parse(await readFile(lockfilePath, 'utf8')) as { packages: Record<string, LockEntry> }
  const requests: string[] = []
  let packuments = new Map<string, { name: string; versions: Record<string, unknown>; latest: string }>()
  const server: Server = createServer((request, response) => {
    const path = decodeURIComponent((request.url ?? '/').split('?')[0] ?? '/')
    requests.push(path)
    const doc = packuments.get(path.slice(1))
    if (request.method !== 'GET' || !doc) {
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}')
      return
    }
    const body = { name: doc.name, 'dist-tags': { latest: doc.latest }, versions: doc.versions }
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  packuments = packumentsFromLock(lock, url)
  return {
    url,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

function pick(entry: LockEntry, keys: readonly (keyof LockEntry)[]): Partial<LockEntry> {
  return Object.fromEntries(keys.filter((k) => entry[k] !== undefined).map((k) => [k, entry[k]]))
}

/** Semver order of plain x.y.z versions (prerelease tags sort after their release: good enough for `latest`). */
function compareVersions(a: string, b: string): number {
  const pa = a.split(/[.-]/).map((p) => Number.parseInt(p, 10) || 0)
  const pb = b.split(/[.-]/).map((p) => Number.parseInt(p, 10) || 0)
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0)
    if (d !== 0) return d
  }
  return 0
}
