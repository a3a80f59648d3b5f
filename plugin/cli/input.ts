import { readFile } from 'node:fs/promises'

/** A file's text, or standard input's for `-`; a missing file is reported by name. */
export async function readInput(file: string, stdin: AsyncIterable<Buffer | string>): Promise<string> {
  if (file === '-') {
    const chunks: Buffer[] = []
    for await (const chunk of stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk)
    return Buffer.concat(chunks).toString('utf8')
  }
  try {
    return await readFile(file, 'utf8')
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    throw new Error(`cannot read ${file}: ${code === 'ENOENT' ? 'no such file' : (error as Error).message}`)
  }
}
