// A lease template is Markdown with named fields: `{{rent}}` inside a sentence is replaced by its text;
// a paragraph that is only `{{terms_table}}`, `{{clauses}}`, `{{utilities}}`, `{{other_fees}}` or
// `{{disclosures}}` becomes that block (a table, a list, sections). The Markdown is read with markdown-it
// into the lease's blocks (common/leases/document.ts): headings, paragraphs and lists; emphasis and links
// are kept as their words. The values are the parties' input and are never read as Markdown.
import MarkdownIt, { type Token } from 'markdown-it'
import type { LeaseBlock } from '#common/leases/document.ts'

/** The fields a template may name, each with what it is, for the administrators' editor. */
export const LEASE_TEMPLATE_FIELDS = {
  landlord: 'The landlord’s name',
  tenants: 'The tenants’ names, joined with “and”',
  guarantor: 'The guarantor’s name, or “None”',
  premises: 'The address of the home',
  state: 'The state the home is in',
  term: 'The term in words (fixed dates or month to month)',
  start_date: 'The first day of the lease',
  end_date: 'The last day of a fixed term, or “none (month to month)”',
  rent: 'The monthly rent, e.g. $2,400.00',
  due_day: 'The day rent is due, e.g. 1st',
  grace_days: 'Days of grace before a late fee',
  late_fee: 'The late fee, or “no late fee”',
  deposit: 'The security deposit',
  deposit_return: 'The deadline to return the deposit under the state’s law',
  occupants: 'The number of people who may live in the home',
  pets: 'What the lease says about pets',
  parking: 'What the lease says about parking',
  // Blocks: a paragraph holding only one of these becomes the block.
  terms_table: 'Block: the table of the main terms',
  utilities: 'Block: the list of utilities and who pays each',
  other_fees: 'Block: the list of other fees',
  clauses: 'Block: the landlord’s own clauses, numbered',
  disclosures: 'Block: the disclosures the law requires, each a section',
} as const

export type LeaseTemplateField = keyof typeof LEASE_TEMPLATE_FIELDS
const BLOCK_FIELDS = ['terms_table', 'utilities', 'other_fees', 'clauses', 'disclosures'] as const
type BlockField = (typeof BLOCK_FIELDS)[number]
export type TextField = Exclude<LeaseTemplateField, BlockField>

export interface TemplateValues {
  text: Record<TextField, string>
  blocks: Record<BlockField, LeaseBlock[]>
}

const FIELD = /\{\{\s*([a-z_]+)\s*\}\}/g
const markdown = new MarkdownIt({ html: false, linkify: false, typographer: true })

const isField = (name: string): name is LeaseTemplateField => Object.hasOwn(LEASE_TEMPLATE_FIELDS, name)
const isBlockField = (name: string): name is BlockField => (BLOCK_FIELDS as readonly string[]).includes(name)

/** The fields a template names that do not exist, for the editor to refuse ("{{rnet}} is not a field"). */
export function unknownTemplateFields(body: string): string[] {
  return [...new Set([...body.matchAll(FIELD)].map((match) => match[1]!).filter((name) => !isField(name)))]
}

/** The text of inline tokens, fields replaced by their values (block fields inside a sentence by nothing). */
function inlineText(token: Token | undefined, values: TemplateValues): string {
  const raw = (token?.children ?? [])
    .map((child: Token) => (child.type === 'softbreak' ? ' ' : child.type === 'hardbreak' ? '\n' : child.content))
    .join('')
  return raw.replace(FIELD, (whole: string, name: string) =>
    isField(name) && !isBlockField(name) ? values.text[name] : isField(name) ? '' : whole,
  )
}

/** A paragraph that is one block field alone. */
function blockFieldOf(token: Token | undefined): BlockField | null {
  const match = /^\{\{\s*([a-z_]+)\s*\}\}$/.exec(token?.content.trim() ?? '')
  return match && isBlockField(match[1]!) ? match[1] : null
}

/** The template filled in, as the lease's blocks. Headings `#` and `##` are sections, `###` and below sub-sections. */
export function fillLeaseTemplate(body: string, values: TemplateValues): LeaseBlock[] {
  const tokens = markdown.parse(body, {})
  const blocks: LeaseBlock[] = []
  const lists: { items: string[]; isOrdered: boolean; depth: number }[] = []
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i]!
    switch (token.type) {
      case 'heading_open': {
        const text = inlineText(tokens[i + 1], values).trim()
        if (text) blocks.push({ kind: 'heading', text, ...(Number(token.tag.slice(1)) >= 3 ? { level: 2 as const } : {}) })
        i += 2
        break
      }
      case 'bullet_list_open':
      case 'ordered_list_open':
        lists.push({ items: [], isOrdered: token.type === 'ordered_list_open', depth: lists.length })
        break
      case 'bullet_list_close':
      case 'ordered_list_close': {
        const list = lists.pop()!
        if (lists.length > 0) lists.at(-1)!.items.push(...list.items.map((item) => `– ${item}`))
        else if (list.items.length > 0) blocks.push({ kind: 'list', items: list.items, isOrdered: list.isOrdered })
        break
      }
      case 'paragraph_open': {
        const inline = tokens[i + 1]
        const field = blockFieldOf(inline)
        if (lists.length > 0) {
          const text = inlineText(inline, values).trim()
          if (text) lists.at(-1)!.items.push(text)
        } else if (field) {
          blocks.push(...values.blocks[field])
        } else {
          const text = inlineText(inline, values).trim()
          if (text) blocks.push({ kind: 'paragraph', text })
        }
        i += 2
        break
      }
      case 'fence':
      case 'code_block':
        if (token.content.trim()) blocks.push({ kind: 'paragraph', text: token.content.trimEnd() })
        break
      default:
        break
    }
  }
  return blocks
}
