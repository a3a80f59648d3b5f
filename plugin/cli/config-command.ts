import type { Command } from 'commander'
import { storeForPeople } from '../config/data-dir.js'
import { describeLlm, resolveOptions } from '../config/options.js'
import { readStartProfile } from '../start/start-profile.js'
import { resolveStartSettings } from '../start/start-settings.js'
import type { CliIo } from './io.js'
import { createOutput } from './output.js'

export function addConfigCommand(program: Command, io: CliIo): void {
  program
    .command('config')
    .description('check the configuration the environment gives (MC_*, CEDAR_*, OPENAI_*) and print it, key redacted')
    .option('--profile <file>', 'check this profile file too (env CEDAR_PROFILE), as `cedar start --profile` reads it')
    .option('--json', 'print JSON')
    .action((flags: { json?: boolean; profile?: string }) => {
      const out = createOutput(flags.json ?? false, io)
      try {
        const profileFile = flags.profile ?? (io.env.CEDAR_PROFILE || undefined)
        const profile = profileFile === undefined ? undefined : readStartProfile(profileFile)
        const start = resolveStartSettings({}, io.env, profile)
        const options = resolveOptions({ ...start.cedar, owners: start.owners ?? [] }, io.env)
        const owners = options.owners === '*' ? '*' : options.owners
        const data = {
          profile: profile?.file ?? null,
          server: start.host === undefined ? 'embedded' : `${start.host}:${start.port}`,
          port: start.port,
          version: start.version ?? 'auto',
          username: start.username,
          owners,
          prefix: options.prefix,
          storePath: storeForPeople(options.storePath),
          llm: {
            enabled: options.llm.enabled,
            model: options.llm.model,
            baseURL: options.llm.baseURL ?? null,
            apiKey: options.llm.apiKey ? 'set' : 'unset',
          },
        }
        const text = [
          ...(profile ? [`profile:  ${profile.file}`] : []),
          `server:   ${data.server === 'embedded' ? `embedded, port ${data.port}` : data.server} (Minecraft ${data.version})`,
          `username: ${data.username}`,
          `owners:   ${owners === '*' ? 'everyone' : owners.join(', ') || '(none; on the embedded server: everyone)'}`,
          `store:    ${data.storePath}`,
          `llm:      ${describeLlm(options.llm)}`,
        ].join('\n')
        out.result(text, data)
      } catch (error) {
        out.fail((error as Error).message)
      }
    })
}
