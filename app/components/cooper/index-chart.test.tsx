import { parseDocument } from 'htmlparser2'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { type ChartPoint, IndexChart, type ChartSeries } from './index-chart.tsx'

type Node = { type: string; name?: string; attribs?: Record<string, string>; children?: Node[]; data?: string }

function all(node: Node, predicate: (n: Node) => boolean, found: Node[] = []): Node[] {
  if (predicate(node)) found.push(node)
  for (const child of node.children ?? []) all(child, predicate, found)
  return found
}
const byTag = (root: Node, name: string) => all(root, (n) => n.type === 'tag' && n.name === name)
const text = (node: Node): string => (node.type === 'text' ? (node.data ?? '') : (node.children ?? []).map(text).join(''))

function render(props: Parameters<typeof IndexChart>[0]): Node {
  return parseDocument(renderToString(<IndexChart {...props} />), { decodeEntities: true }) as unknown as Node
}

const nation: ChartSeries = {
  key: 'us',
  label: 'United States',
  points: [
    { month: '2026-08-01', value: 1801.2, low: 1780, high: 1822.4, pairs: 1520 },
    { month: '2026-09-01', value: null, low: null, high: null, pairs: 9 },
    { month: '2026-10-01', value: 1845.4, low: 1790, high: 1900, pairs: 1612 },
  ],
}
const cityOctober: ChartPoint = { month: '2026-10-01', value: 1650, low: 1600, high: 1700, pairs: 412 }
const city: ChartSeries = { key: 'de-wilmington', label: 'Wilmington, DE', points: [cityOctober] }

describe('the Cooper Index chart before any script runs', () => {
  it('holds the whole series as a table: caption, headers with scope, months newest first, formatted figures', () => {
    const page = render({ series: [nation], title: 'Typical asking rent, United States', unit: 'dollars' })
    const [details] = byTag(page, 'details')
    expect(text(byTag(details!, 'summary')[0]!)).toBe('Show the data as a table')
    const [table] = byTag(details!, 'table')
    expect(text(byTag(table!, 'caption')[0]!)).toBe('Typical asking rent, United States')
    const headers = byTag(table!, 'th').filter((th) => th.attribs?.scope === 'col')
    expect(headers.map(text)).toEqual(['Month', 'Typical rent', '90 % band', 'Pairs'])
    const rows = byTag(byTag(table!, 'tbody')[0]!, 'tr').map((tr) => [
      ...byTag(tr, 'th').map((th) => `${th.attribs?.scope}:${text(th)}`),
      ...byTag(tr, 'td').map(text),
    ])
    expect(rows).toEqual([
      ['row:Oct 2026', '$1,845', '$1,790–$1,900', '1,612'],
      ['row:Sep 2026', 'Not enough data', '—', '9'],
      ['row:Aug 2026', '$1,801', '$1,780–$1,822', '1,520'],
    ])
  })

  it('groups the columns by market when markets are compared, and lines up months a market lacks', () => {
    const page = render({ series: [nation, city], title: 'Index', unit: 'index' })
    const table = byTag(page, 'table')[0]!
    const groups = byTag(table, 'th').filter((th) => th.attribs?.scope === 'colgroup')
    expect(groups.map((th) => [text(th), th.attribs?.colspan])).toEqual([
      ['United States', '3'],
      ['Wilmington, DE', '3'],
    ])
    const august = byTag(table, 'tr').find((tr) => byTag(tr, 'th').some((th) => text(th) === 'Aug 2026'))!
    expect(byTag(august, 'td').map(text)).toEqual(['1,801.2', '1,780.0–1,822.4', '1,520', 'Not enough data', '—', '—'])
  })

  it('keeps a fixed-height place for the chart, with the legend and the range buttons', () => {
    const page = render({ series: [nation, city], title: 'Index', unit: 'index', defaultRange: '1y' })
    const figure = byTag(page, 'figure')[0]!
    // The caption is the figure's first child, as HTML requires; the title within it names the figure.
    const caption = (figure.children ?? []).find((child) => child.type === 'tag')!
    expect(caption.name).toBe('figcaption')
    const title = all(figure, (n) => n.attribs?.id === figure.attribs?.['aria-labelledby'])[0]!
    expect(text(title)).toBe('Index')

    const plotArea = all(page, (n) => n.attribs?.['data-chart-status'] !== undefined)[0]!
    expect(plotArea.attribs?.['data-chart-status']).toBe('waiting')
    // Not focusable until the chart is drawn: there is nothing to move through yet.
    expect(plotArea.attribs?.tabindex).toBeUndefined()
    expect(plotArea.attribs?.role).toBeUndefined()

    const buttons = byTag(figure, 'button').map((b) => [text(b), b.attribs?.type, b.attribs?.['aria-pressed']])
    expect(buttons).toEqual([
      ['1 year', 'button', 'true'],
      ['5 years', 'button', 'false'],
      ['All', 'button', 'false'],
    ])
    const legend = all(figure, (n) => n.attribs?.['aria-label'] === 'Legend')[0]!
    expect(byTag(legend, 'li').map(text)).toEqual(['United States', 'Wilmington, DE', 'Shaded: 90 % band'])
    expect(all(page, (n) => n.attribs?.['aria-live'] === 'polite')).toHaveLength(1)
  })

  it('says so when a range has no figure to draw', () => {
    const page = render({
      series: [{ key: 'de', label: 'Delaware', points: [{ month: '2026-10-01', value: null, low: null, high: null, pairs: 3 }] }],
      title: 'Index',
      unit: 'index',
    })
    expect(text(page)).toContain('Not enough data to draw this range yet.')
  })
})
