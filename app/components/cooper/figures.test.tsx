import { parseDocument } from 'htmlparser2'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { MarketRow } from '#common/cooper/markets.ts'
import { HeadlineFigures } from './figures.tsx'

type Node = { type: string; name?: string; children?: Node[]; data?: string }

const text = (node: Node): string => (node.type === 'text' ? (node.data ?? '') : (node.children ?? []).map(text).join(''))
const terms = (node: Node, found: Node[] = []): Node[] => {
  if (node.type === 'tag' && node.name === 'div' && node.children?.some((c) => c.name === 'dt')) found.push(node)
  for (const child of node.children ?? []) terms(child, found)
  return found
}

const row: MarketRow = {
  key: 'us',
  kind: 'nation',
  label: 'United States',
  stateCode: null,
  latestMonth: '2026-10-01',
  hasEnoughData: true,
  index: 128.9,
  levelCents: 242_400,
  yearOverYear: 0.036,
  monthOverMonth: -0.016,
  band: 0.003,
  pairs: 1211,
  units: 1211,
  base: '2021 = 100',
}

describe('the headline figures', () => {
  it('say that the change over a month is not seasonally adjusted, beside the figure', () => {
    const page = parseDocument(renderToString(<HeadlineFigures row={row} label="United States" />)) as unknown as Node
    const figures = Object.fromEntries(
      terms(page).map((figure) => [text(figure.children!.find((c) => c.name === 'dt')!), text(figure).replace(/\s+/g, ' ')]),
    )
    expect(figures['Over a month']).toBe('Over a month−1.6 %Of the 3-month average · not seasonally adjusted')
    expect(figures['Over a year']).not.toMatch(/seasonally/)
  })
})
