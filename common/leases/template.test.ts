// Filling a lease template: fields inside sentences, block fields, lists and headings, and values that
// look like Markdown or like fields staying the parties' literal words.
import { describe, expect, it } from 'vitest'
import type { LeaseBlock } from '#common/leases/document.ts'
import { fillLeaseTemplate, type TemplateValues, unknownTemplateFields } from './template.ts'
import { SAMPLE_TEMPLATE_VALUES } from './template-sample.ts'

const values = (text: Partial<TemplateValues['text']> = {}, blocks: Partial<TemplateValues['blocks']> = {}): TemplateValues => ({
  text: { ...SAMPLE_TEMPLATE_VALUES.text, ...text },
  blocks: { ...SAMPLE_TEMPLATE_VALUES.blocks, ...blocks },
})

describe('fillLeaseTemplate', () => {
  it('replaces fields inside sentences, with or without spaces in the braces, across soft line breaks', () => {
    const blocks = fillLeaseTemplate('The rent is {{rent}}, due on the {{ due_day }}\nof each month.', values({ rent: '$1,950.00' }))
    expect(blocks).toEqual([{ kind: 'paragraph', text: 'The rent is $1,950.00, due on the 1st of each month.' }])
  })

  it('turns a paragraph holding only a block field into its blocks, and drops a block field inside a sentence', () => {
    const clauses: LeaseBlock[] = [{ kind: 'list', items: ['No smoking.'], isOrdered: true }]
    const blocks = fillLeaseTemplate('## Clauses\n\n{{clauses}}\n\nSee {{clauses}} above.', values({}, { clauses }))
    expect(blocks).toEqual([{ kind: 'heading', text: 'Clauses' }, ...clauses, { kind: 'paragraph', text: 'See  above.' }])
    expect(fillLeaseTemplate('{{terms_table}}', values())).toEqual(SAMPLE_TEMPLATE_VALUES.blocks.terms_table)
    expect(fillLeaseTemplate('{{disclosures}}', values({}, { disclosures: [] }))).toEqual([])
  })

  it('keeps headings as sections (# and ##) and sub-sections (### and below), with fields filled in', () => {
    const blocks = fillLeaseTemplate(
      '# Lease for {{premises}}\n\n## 1. Rent\n\n### Late {{late_fee}}\n\n#### Small',
      values({ premises: '1 Elm St' }),
    )
    expect(blocks).toEqual([
      { kind: 'heading', text: 'Lease for 1 Elm St' },
      { kind: 'heading', text: '1. Rent' },
      { kind: 'heading', text: 'Late $50.00', level: 2 },
      { kind: 'heading', text: 'Small', level: 2 },
    ])
  })

  it('reads bullet and numbered lists, nested items marked under their parent, fields filled in', () => {
    const markdown = '- Rent: {{rent}}\n- Deposit: {{deposit}}\n  - returned by {{deposit_return}}\n\n1. First\n2. Second'
    expect(fillLeaseTemplate(markdown, values({ deposit_return: 'day 21' }))).toEqual([
      { kind: 'list', items: ['Rent: $2,400.00', 'Deposit: $2,400.00', '– returned by day 21'], isOrdered: false },
      { kind: 'list', items: ['First', 'Second'], isOrdered: true },
    ])
  })

  it('keeps emphasis and links as their words', () => {
    expect(fillLeaseTemplate('Pay **{{rent}}** at [the office](https://example.com).', values())).toEqual([
      { kind: 'paragraph', text: 'Pay $2,400.00 at the office.' },
    ])
  })

  it('never reads a value as Markdown or as a field: asterisks, braces, headings and HTML stay literal', () => {
    const tricky = values({
      landlord: '**Bold** & *Sons* <b>LLC</b>',
      tenants: '{{rent}} and {{ landlord }}',
      pets: '# Not a heading\n- not a list',
      parking: '[link](javascript:alert(1)) `code` _under_',
    })
    const blocks = fillLeaseTemplate('{{landlord}} rents to {{tenants}}.\n\n{{pets}}\n\n{{parking}}', tricky)
    expect(blocks).toEqual([
      { kind: 'paragraph', text: '**Bold** & *Sons* <b>LLC</b> rents to {{rent}} and {{ landlord }}.' },
      { kind: 'paragraph', text: '# Not a heading\n- not a list' },
      { kind: 'paragraph', text: '[link](javascript:alert(1)) `code` _under_' },
    ])
  })

  it('leaves an unknown field as it was typed, which the editor refuses to save', () => {
    expect(fillLeaseTemplate('Pay {{rnet}}.', values())).toEqual([{ kind: 'paragraph', text: 'Pay {{rnet}}.' }])
    expect(unknownTemplateFields('{{rnet}} {{rent}} {{ rnet }} {{deposit_amount}}')).toEqual(['rnet', 'deposit_amount'])
    expect(unknownTemplateFields('{{rent}} {{terms_table}}')).toEqual([])
  })
})
