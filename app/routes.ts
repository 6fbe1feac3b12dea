import { type RouteConfig, index, route } from '@react-router/dev/routes'

export default [
  index('routes/home.tsx'),
  route('properties', 'routes/properties.tsx'),
  route('cooper', 'routes/cooper.tsx'),
  route('knowledge', 'routes/knowledge.tsx'),
  route('knowledge/:slug', 'routes/knowledge-article.tsx'),
  route('faq', 'routes/faq.tsx'),
  route('terms', 'routes/terms.tsx'),
  route('chat', 'routes/chat.tsx'),
  route('login', 'routes/login.tsx'),
  route('register', 'routes/register.tsx'),
  route('forgot-password', 'routes/forgot-password.tsx'),
  route('reset-password', 'routes/reset-password.tsx'),
  route('logout', 'routes/logout.tsx'),
  route('userprofile', 'routes/userprofile.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
