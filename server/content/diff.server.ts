// The difference between two revisions of a text, as a reader compares them: line by line, and
// where a few lines were edited rather than rewritten, word by word inside them.
import { diffLines, diffWordsWithSpace, type ChangeObject } from 'diff'

export type DiffPart = { kind: 'same' | 'added' | 'removed'; text: string }

// Beyond this many edits a comparison stops refining and shows the changed block whole: two texts
// that different are read side by side, not as a tangle of words, and the work stays bounded.
const MAX_LINE_EDITS = 2_000
const MAX_WORD_EDITS = 1_000
// A block is compared word by word only when at least this share of its words survived the edit.
const MIN_SHARED_SHARE = 0.5

const kindOf = (change: ChangeObject<string>): DiffPart['kind'] => (change.added ? 'added' : change.removed ? 'removed' : 'same')

const visibleLength = (text: string) => text.replace(/\s+/g, '').length

/** A text replaced by another as a whole. */
function replaced(removed: string, added: string): DiffPart[] {
  const parts: DiffPart[] = []
  if (removed) parts.push({ kind: 'removed', text: removed })
  if (added) parts.push({ kind: 'added', text: added })
  return parts
}

/** A removed block and the block that replaced it, word by word if they are mostly the same words. */
function refine(removed: string, added: string): DiffPart[] {
  const whole = replaced(removed, added)
  const words = diffWordsWithSpace(removed, added, { maxEditLength: MAX_WORD_EDITS })
  if (!words) return whole
  const shared = words.filter((change) => !change.added && !change.removed).reduce((sum, change) => sum + visibleLength(change.value), 0)
  const longest = Math.max(visibleLength(removed), visibleLength(added))
  if (longest > 0 && shared / longest < MIN_SHARED_SHARE) return whole
  return words.map((change) => ({ kind: kindOf(change), text: change.value }))
}

const linesOf = (text: string) => text.match(/[^\n]*\n|[^\n]+/g) ?? []

/**
 * A block of lines and the block that replaced it: line by line when they have as many lines (an
 * edited list keeps its untouched words even if one item was rewritten), else as one block.
 */
function refineBlock(removed: string, added: string): DiffPart[] {
  const removedLines = linesOf(removed)
  const addedLines = linesOf(added)
  if (removedLines.length < 2 || removedLines.length !== addedLines.length) return refine(removed, added)
  return removedLines.flatMap((line, index) => refine(line, addedLines[index]!))
}

/**
 * Each run of changes becomes what it removed, then what it added: changed words read as one
 * phrase when only spaces stand between them ("two months" replaced by "one month", not "two" by
 * "one" and "months" by "month"), and rewritten lines in a row as one block, not line by line.
 */
function groupChanges(parts: DiffPart[]): DiffPart[] {
  const grouped: DiffPart[] = []
  let removed = ''
  let added = ''
  const flush = () => {
    if (removed) grouped.push({ kind: 'removed', text: removed })
    if (added) grouped.push({ kind: 'added', text: added })
    removed = added = ''
  }
  parts.forEach((part, index) => {
    const isBetweenChanges = index > 0 && index < parts.length - 1 && parts[index - 1]!.kind !== 'same' && parts[index + 1]!.kind !== 'same'
    if (part.kind === 'removed') removed += part.text
    else if (part.kind === 'added') added += part.text
    else if (isBetweenChanges && /^[^\S\n]+$/.test(part.text)) {
      removed += part.text
      added += part.text
    } else {
      flush()
      grouped.push(part)
    }
  })
  flush()
  return grouped
}

/**
 * The parts of `after` that are the same as in `before`, added or removed, in reading order; a
 * removal comes before what replaced it, adjacent parts of the same kind are merged, and
 * whitespace is kept as it is (so the same parts and removed ones give `before` back, the same
 * parts and added ones `after`). Two empty texts have no parts.
 */
export function diffText(before: string, after: string): DiffPart[] {
  const lines = diffLines(before, after, { maxEditLength: MAX_LINE_EDITS })
  if (!lines) return replaced(before, after)
  const parts: DiffPart[] = []
  for (let index = 0; index < lines.length; index++) {
    const change = lines[index]!
    const next = lines[index + 1]
    if (change.removed && next?.added) {
      parts.push(...refineBlock(change.value, next.value))
      index++
    } else {
      parts.push({ kind: kindOf(change), text: change.value })
    }
  }
  return mergeAdjacent(groupChanges(parts.filter((part) => part.text !== '')))
}

function mergeAdjacent(parts: DiffPart[]): DiffPart[] {
  const merged: DiffPart[] = []
  for (const part of parts) {
    const last = merged.at(-1)
    if (last?.kind === part.kind) last.text += part.text
    else merged.push({ ...part })
  }
  return merged
}
