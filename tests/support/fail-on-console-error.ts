// Any unexpected console.error in a test fails it.
import { afterEach, vi } from 'vitest'

let errors: unknown[][] = []
// The console's own function, kept across files: where files share a worker (isolate: false) this
// runs again for each file, and each file's catcher replaces the last one's rather than wrapping it.
const ORIGINAL = Symbol.for('cooper.tests.console-error')
const kept = globalThis as { [ORIGINAL]?: typeof console.error }
const original = (kept[ORIGINAL] ??= console.error)

console.error = (...args: unknown[]) => {
  errors.push(args)
  original(...args)
}

afterEach(() => {
  const seen = errors
  errors = []
  if (seen.length > 0) {
    throw new Error(`console.error was called during the test:\n${seen.map((a) => a.map(String).join(' ')).join('\n')}`)
  }
})

export function allowConsoleError() {
  return vi.spyOn(console, 'error').mockImplementation(() => {})
}
