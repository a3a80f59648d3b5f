/**
 * Long lists in pages a chat can hold: the servers' flood limits cut a reply at a few lines (`maxReplyLines`), so a
 * list of 20 laws is shown 6 at a time with the command for the next page, rather than cut with "more not shown".
 */
import { CedarError } from '../errors.js'

export interface Page<T> {
  readonly items: readonly T[]
  /** "page 1 of 3: say !laws 2 for more", or undefined when everything fits on one page. */
  readonly footer: string | undefined
}

/** A page number past the end, or below 1. */
export class PageError extends CedarError {
  override name = 'PageError'
}

/** Page `page` (from 1; default 1) of `items`, `perPage` to a page; `command` is what a player types for a page. */
export function pageOf<T>(items: readonly T[], page: number | undefined, perPage: number, command: string): Page<T> {
  const size = Math.max(1, perPage)
  const pages = Math.max(1, Math.ceil(items.length / size))
  const number = page ?? 1
  if (number < 1 || number > pages) {
    throw new PageError(
      `there ${pages === 1 ? 'is 1 page' : `are ${pages} pages`}; say ${command}${pages > 1 ? ` ${pages}` : ''}`,
    )
  }
  const shown = items.slice((number - 1) * size, number * size)
  if (pages === 1) return { items: shown, footer: undefined }
  const next = number < pages ? `: say ${command} ${number + 1} for more` : ''
  return { items: shown, footer: `page ${number} of ${pages}${next}` }
}

/** Items per page for a reply of at most `maxReplyLines` lines, one of which is the footer. */
export function linesPerPage(maxReplyLines: number): number {
  return Math.max(1, maxReplyLines - 1)
}
