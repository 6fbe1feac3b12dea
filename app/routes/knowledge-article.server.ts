// /knowledge/:slug's work: the article with its related articles and the visitor's earlier vote, a
// read counted once per page view by a person, and the "Was this helpful?" answers.
import { isbot } from 'isbot'
import { createContext, createCookie, data, type RouterContextProvider } from 'react-router'
import { articleVoteSchema } from '#common/content/knowledge.ts'
import { parseForm } from '#common/forms.ts'
import { clientAddress, consumeRateLimit, getCurrentSession, type RateLimitRule } from '#server/accounts/index.server.ts'
import {
  commentOnArticleVote,
  countArticleRead,
  findArticleBySlug,
  findArticlePage,
  findArticleVote,
  findRelatedArticles,
  voteOnArticle,
} from '#server/content/index.server.ts'
import { isAppError } from '#server/errors.server.ts'
import { refusalOf } from '#server/http/route-errors.server.ts'
import { publicOrigin } from '#server/listings/index.server.ts'
import type { Services } from '#server/services.server.ts'

/** A random id that keeps a visitor's vote theirs (one vote per visitor per article), for a year. */
const visitorCookie = createCookie('cooper_visitor', { httpOnly: true, sameSite: 'lax', path: '/', maxAge: 365 * 24 * 60 * 60 })

const VISITOR_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** Set by the action: the page drawn after a vote is the same view, not another read. */
const hasVotedThisRequest = createContext<boolean>(false)

async function voterKeyOf(services: Services, request: Request): Promise<string | null> {
  const session = await getCurrentSession(services, request)
  if (session) return `user:${session.userId}`
  const visitor: unknown = await visitorCookie.parse(request.headers.get('Cookie'))
  return typeof visitor === 'string' && VISITOR_ID.test(visitor) ? `visitor:${visitor}` : null
}

function isReadByPerson(request: Request): boolean {
  return request.method === 'GET' && !isbot(request.headers.get('User-Agent') ?? '')
}

export async function loadArticlePage(services: Services, request: Request, context: Readonly<RouterContextProvider>, slug: string) {
  const { db } = services.database
  const article = await findArticlePage(db, slug)
  if (!article) throw new Response('Not Found', { status: 404 })
  const voterKey = await voterKeyOf(services, request)
  const [related, vote] = await Promise.all([
    findRelatedArticles(db, { articleId: article.id, category: article.category, tags: article.tags }),
    voterKey ? findArticleVote(db, { articleId: article.id, voterKey }) : null,
  ])
  if (isReadByPerson(request) && !context.get(hasVotedThisRequest)) await countArticleRead(db, article.id)
  const origin = publicOrigin(services.config, request)
  const { id: _id, ...shown } = article
  return { article: shown, related, vote, origin, canonicalUrl: `${origin}/knowledge/${encodeURIComponent(article.slug)}` }
}

export async function answerArticleVote(services: Services, request: Request, context: Readonly<RouterContextProvider>, slug: string) {
  const { db } = services.database
  const form = await request.formData()
  const parsed = parseForm(articleVoteSchema, form)
  if (!parsed.ok) {
    const { intent: _intent, ...fieldErrors } = parsed.fieldErrors
    const formError = fieldErrors.comment?.[0] ?? fieldErrors.helpful?.[0] ?? 'Choose Yes or No.'
    return refusalOf({ ok: false, fieldErrors, formError })
  }
  const article = await findArticleBySlug(db, slug)
  if (!article) throw new Response('Not Found', { status: 404 })
  context.set(hasVotedThisRequest, true)

  const headers = new Headers()
  let voterKey = await voterKeyOf(services, request)
  if (!voterKey) {
    const visitor = crypto.randomUUID()
    headers.append('Set-Cookie', await visitorCookie.serialize(visitor, { secure: new URL(request.url).protocol === 'https:' }))
    voterKey = `visitor:${visitor}`
  }
  try {
    const { data: input } = parsed
    if (input.intent === 'vote') {
      const helpful = input.helpful === 'yes'
      // Each client address has a budget of votes across articles (counted in the database).
      const address = clientAddress(request.headers)
      const budget = services.config.RATE_LIMIT
        ? async (rule: RateLimitRule) => (await consumeRateLimit(db, `vote|${address}`, rule)).allowed
        : undefined
      await voteOnArticle(db, { articleId: article.id, voterKey, helpful, budget })
      return data({ ok: true as const, intent: 'vote' as const, helpful }, { headers })
    }
    await commentOnArticleVote(db, { articleId: article.id, voterKey, comment: input.comment })
    const vote = await findArticleVote(db, { articleId: article.id, voterKey })
    return data({ ok: true as const, intent: 'comment' as const, helpful: vote?.helpful ?? true, comment: input.comment }, { headers })
  } catch (error) {
    if (isAppError(error)) return refusalOf(error)
    throw error
  }
}
