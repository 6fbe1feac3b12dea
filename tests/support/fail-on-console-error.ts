// Any unexpected console.error in a test fails it.
import { afterEach, vi } from 'vitest'

let errors: unknown[][] = []
const original = console.error

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
