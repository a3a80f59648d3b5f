import { z } from 'zod'

// The envelopes are outside input like any other: checked before anything is read from them.
export const completionSchema = z.object({
  choices: z
    .array(z.object({ message: z.object({ content: z.string().nullish() }).passthrough() }).passthrough())
    .min(1),
  usage: z
    .object({ prompt_tokens: z.number().optional(), completion_tokens: z.number().optional() })
    .passthrough()
    .nullish(),
})
export const embeddingsSchema = z.object({
  data: z.array(z.object({ embedding: z.array(z.number().finite()) }).passthrough()),
  usage: z.object({ prompt_tokens: z.number().optional() }).passthrough().nullish(),
})

/** Whether the endpoint is on this machine: a local model, which loads its weights at its first request. */
export function isLoopback(endpoint: string): boolean {
  try {
    return /^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/.test(new URL(endpoint).hostname)
  } catch {
    return false
  }
}
