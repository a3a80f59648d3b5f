#!/usr/bin/env node
// The `cedar` command. A checkout runs the TypeScript sources through tsx; an installed package runs dist/.
import { existsSync } from 'node:fs'

const source = new URL('../plugin/cli/main.ts', import.meta.url)
if (existsSync(source)) {
  const { register } = await import('tsx/esm/api')
  register()
  await import(source.href)
} else {
  await import(new URL('../dist/plugin/cli/main.js', import.meta.url).href)
}
