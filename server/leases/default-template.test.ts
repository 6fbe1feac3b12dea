// The first lease template lives twice: in migration 0037, which inserts it, and in
// server/leases/default-template.ts. These tests keep the two the same and its fields real.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { DEFAULT_LEASE_TEMPLATE } from './default-template.ts'
import { fillLeaseTemplate, LEASE_TEMPLATE_FIELDS, unknownTemplateFields } from '#common/leases/template.ts'
import { SAMPLE_TEMPLATE_VALUES } from '#common/leases/template-sample.ts'

const MIGRATION = readFileSync(new URL('../db/migrations/0037_lease_template_kind.sql', import.meta.url), 'utf8')

describe('the default lease template', () => {
  it('is the text migration 0037 inserts, with the same label and title', () => {
    const insert = /VALUES \('([^']*)', '([^']*)', \$lease\$([\s\S]*)\$lease\$, '([^']*)', 'published', now\(\)\)/.exec(MIGRATION)
    expect(insert).not.toBeNull()
    const [, label, title, body, summary] = insert!
    expect({ label, title, body, summary }).toEqual(DEFAULT_LEASE_TEMPLATE)
  })

  it('names no unknown field, and every field a lease fills in', () => {
    expect(unknownTemplateFields(DEFAULT_LEASE_TEMPLATE.body)).toEqual([])
    for (const field of Object.keys(LEASE_TEMPLATE_FIELDS)) expect(DEFAULT_LEASE_TEMPLATE.body, field).toContain(`{{${field}}}`)
  })

  it('fills in to a lease with its sections in order and no field left over', () => {
    const blocks = fillLeaseTemplate(DEFAULT_LEASE_TEMPLATE.body, SAMPLE_TEMPLATE_VALUES)
    const headings = blocks.filter((block) => block.kind === 'heading' && !block.level).map((block) => (block as { text: string }).text)
    expect(headings[0]).toBe('1. Premises')
    expect(headings).toContain('12. Entry by the Landlord')
    expect(headings.at(-1)).toBe('Signatures')
    expect(blocks[1]).toMatchObject({ kind: 'terms' })
    expect(JSON.stringify(blocks)).not.toMatch(/\{\{|\}\}/)
  })
})
