// A readable difference between two texts, for comparing a revision with the current version: the
// changed lines, and within them the changed words, as runs marked same, added or removed.
import { diffWordsWithSpace } from 'diff'

export type DiffPart = { kind: 'same' | 'added' | 'removed'; text: string }

export function diffText(before: string, after: string): DiffPart[] {
  return diffWordsWithSpace(before, after).map((change) => ({
    kind: change.added ? 'added' : change.removed ? 'removed' : 'same',
    text: change.value,
  }))
}
