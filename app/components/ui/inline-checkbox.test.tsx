// A checkbox group as a screen reader meets it: the legend names the group, each box is named by the
// label around it, and the group's one error marks every box invalid and describes the group.
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { CheckboxGroup } from './inline-checkbox.tsx'

const options = [
  { value: 'water', label: 'Water' },
  { value: 'heat', label: 'Heat' },
]

function boxesOf(html: string) {
  return [...html.matchAll(/<label[^>]*><input([^>]*)\/?>([^<]*)<\/label>/g)].map(([, attributes, label]) => ({
    attributes: attributes!,
    label,
  }))
}

describe('CheckboxGroup', () => {
  it('names each box by its wrapping label and ticks the chosen ones', () => {
    const html = renderToStaticMarkup(<CheckboxGroup legend="Included utilities" name="utilities" options={options} checked={['heat']} />)
    expect(html).toContain('<legend class="text-base font-bold text-ink">Included utilities</legend>')
    const boxes = boxesOf(html)
    expect(boxes.map((box) => box.label)).toEqual(['Water', 'Heat'])
    expect(boxes.every((box) => /name="utilities"/.test(box.attributes))).toBe(true)
    expect(boxes.map((box) => /checked=""/.test(box.attributes))).toEqual([false, true])
    expect(html).not.toContain('aria-invalid')
    expect(html).not.toContain('aria-describedby')
  })

  it('marks every box invalid and describes the group by its one error', () => {
    const html = renderToStaticMarkup(
      <CheckboxGroup legend="Included utilities" name="utilities" options={options} checked={[]} error="Pick at least one." />,
    )
    expect(html).toMatch(/<fieldset aria-describedby="utilities-error">/)
    expect(boxesOf(html).every((box) => /aria-invalid="true"/.test(box.attributes))).toBe(true)
    expect(html.match(/Pick at least one\./g)).toHaveLength(1)
    const error = /<p id="utilities-error"[^>]*>(.*?)<\/p>/.exec(html)?.[1] ?? ''
    expect(error.replace(/<[^>]*>/g, '')).toContain('Pick at least one.')
  })
})
