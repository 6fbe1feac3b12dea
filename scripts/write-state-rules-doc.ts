// Writes docs/state-rules.md from the table of state rules (common/leasing/state-rules.ts), laid out by
// Prettier so `npm run lint` accepts it as written.
import fs from 'node:fs'
import path from 'node:path'
import { format, resolveConfig } from 'prettier'
import { renderStateRulesDoc } from '#common/leasing/state-rules-doc.ts'

export const STATE_RULES_DOC = path.resolve(import.meta.dirname, '..', 'docs', 'state-rules.md')

/** The page as it should be on disk. */
export async function formatStateRulesDoc(): Promise<string> {
  const config = await resolveConfig(STATE_RULES_DOC)
  return format(renderStateRulesDoc(), { ...config, filepath: STATE_RULES_DOC })
}

if (import.meta.main) {
  fs.writeFileSync(STATE_RULES_DOC, await formatStateRulesDoc())
  console.log(`Wrote ${path.relative(process.cwd(), STATE_RULES_DOC)}`)
}
