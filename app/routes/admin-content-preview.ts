// POST /admin/content/preview: the editor's live preview. The Markdown typed so far, rendered and
// sanitised by the same code as the public pages, for administrators only (anyone else: 404). With
// `kind=lease_template` (and the form's `title`), the template filled in with an example lease.
import { data } from 'react-router'
import type { PreviewAnswer } from '#common/content/admin-types.ts'
import type { Route } from './+types/admin-content-preview'
import { BODY_MAX_LENGTH } from '#common/content/admin-forms.ts'
import { CONTENT_KINDS, type ContentKind } from '#common/content/vocabulary.ts'
import { renderContentPreview } from '#server/content/index.server.ts'
import { appContext } from '#server/http/app-context.server.ts'
import { requireContentEditor } from './admin-guard.server.ts'

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireContentEditor(context.get(appContext).services, request)
  throw data('Send the Markdown to preview with POST.', { status: 405, headers: { Allow: 'POST' } })
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireContentEditor(context.get(appContext).services, request)
  const formData = await request.formData().catch(() => null)
  const markdown = formData?.get('markdown')
  const answer = (body: PreviewAnswer, status = 200) => Response.json(body, { status, headers: { 'Cache-Control': 'no-store' } })
  if (typeof markdown !== 'string') return answer({ message: 'Send the Markdown as the field “markdown”.' }, 400)
  if (markdown.length > BODY_MAX_LENGTH) return answer({ message: 'This text is too long to preview.' }, 400)
  const kindField = formData?.get('kind')
  const kind = CONTENT_KINDS.find((known) => known === kindField) ?? ('article' satisfies ContentKind)
  const title = formData?.get('title')
  const clean = (text: string) => text.replaceAll('\u0000', '')
  return answer({ html: renderContentPreview(kind, clean(markdown), typeof title === 'string' ? clean(title).slice(0, 200) : '') })
}
