// The JSON API under /api (besides /api/auth, which better-auth serves).
import { Hono } from 'hono'
import { findRecentArticles } from '#server/content/articles.server.ts'
import type { Services } from '#server/services.server.ts'

export function apiRoutes(services: Services) {
  const api = new Hono()
  api.get('/recent-posts', async (c) => {
    const posts = await findRecentArticles(services.database.db, 3)
    c.header('Cache-Control', 'public, max-age=60')
    return c.json(posts)
  })
  api.all('*', (c) =>
    c.json({ type: 'about:blank', title: 'Not Found', status: 404, detail: 'No such API endpoint.' }, 404),
  )
  return api
}
