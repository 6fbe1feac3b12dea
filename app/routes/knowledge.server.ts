// /knowledge's work: the search (when there is one), the categories, the newest and the most-read articles.
import { data } from 'react-router'
import { articleSearchSchema, KNOWLEDGE_PATH } from '#common/content/knowledge.ts'
import { parseForm } from '#common/forms.ts'
import { countArticlesByCategory, findMostReadArticles, findArticles, searchArticles } from '#server/content/index.server.ts'
import type { Db } from '#server/db/client.server.ts'

const NEWEST = 6
const MOST_READ = 5

export async function loadKnowledgeHome(db: Db, request: Request, origin: string) {
  const canonicalUrl = `${origin}${KNOWLEDGE_PATH}`
  const raw = new URL(request.url).searchParams.get('q') ?? ''
  const parsed = parseForm(articleSearchSchema, { q: raw })
  const counts = await countArticlesByCategory(db)
  if (!parsed.ok) {
    // The page still shows, with the box's words and what is wrong with them.
    return data(
      { q: raw.slice(0, 300), error: parsed.fieldErrors.q?.[0], canonicalUrl, counts, result: null, newest: [], mostRead: [] },
      { status: 400 },
    )
  }
  const { q } = parsed.data
  if (q) return { q, error: undefined, canonicalUrl, counts, result: await searchArticles(db, { q }), newest: [], mostRead: [] }
  const [newest, mostRead] = await Promise.all([findArticles(db, { limit: NEWEST }), findMostReadArticles(db, MOST_READ)])
  return { q, error: undefined, canonicalUrl, counts, result: null, newest, mostRead }
}
