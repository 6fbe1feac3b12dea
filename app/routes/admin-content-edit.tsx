// /admin/content/:kind/:id and /admin/content/:kind/new: an administrator writes or edits an
// article, FAQ entry, terms version or lease template, previews it, saves, publishes, unpublishes or schedules it.
// Anyone else, a visitor included, gets 404 (the operator console answers nobody else).
import { Form, Link } from 'react-router'
import type { Route } from './+types/admin-content-edit'
import { ContentEditor } from '#app/components/admin/content-editor.tsx'
import { ReaderFeedback } from '#app/components/admin/reader-feedback.tsx'
import { StandingText } from '#app/components/admin/standing.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { ADMIN_CONTENT_PATH, adminRevisionsPath, KIND_NOUNS, standingOf, utcTime } from '#common/content/admin-types.ts'
import { siteConfig } from '#common/site-config.ts'
import { appContext } from '#server/http/app-context.server.ts'
import { editorAction, loadEditor } from './admin-content-edit.server.ts'

export function meta({ loaderData: loaded }: Route.MetaArgs) {
  const noun = loaded ? KIND_NOUNS[loaded.kind] : 'content'
  const title = loaded?.item ? `Edit ${noun}` : `New ${noun}`
  return [{ title: `${title} · Admin · ${siteConfig.name}` }, { name: 'robots', content: 'noindex' }]
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  return loadEditor(context.get(appContext).services, request, params)
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return editorAction(context.get(appContext).services, request, params)
}

export default function AdminContentEdit({ loaderData: loaded, actionData: answer }: Route.ComponentProps) {
  const { kind, item } = loaded
  const noun = KIND_NOUNS[kind]
  const standing = standingOf(loaded.status, loaded.publishedAt)
  // After a refusal the form keeps what was typed; a stale publish shows the current version instead.
  const version = answer?.baseVersion ?? item?.version
  const titleText = item ? (loaded.values.title ?? loaded.values.question ?? loaded.values.label ?? '') : ''
  return (
    <div className="space-y-6">
      <p>
        <Link to={ADMIN_CONTENT_PATH} className="text-sm font-semibold text-brand-800 underline underline-offset-2">
          <span aria-hidden="true">← </span>All content
        </Link>
      </p>
      <header>
        <p className="text-sm font-semibold tracking-wider text-brand-700 uppercase">{item ? `Edit ${noun}` : `New ${noun}`}</p>
        <h1 className="mt-1 text-2xl font-bold tracking-tight break-words text-ink sm:text-3xl">{titleText || `A new ${noun}`}</h1>
        {item ? (
          <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-ink-soft">
            <span>
              <StandingText standing={standing} /> · version {item.version}
              {item.savedBy ? `, saved by ${item.savedBy.name} at ${utcTime(item.savedBy.at)}` : `, updated ${utcTime(item.updatedAt)}`}
            </span>
            <Link to={adminRevisionsPath(kind, item.id)} className="font-semibold text-brand-800 underline underline-offset-2">
              Revisions
            </Link>
            {loaded.publicPath ? (
              <a href={loaded.publicPath} className="font-semibold text-brand-800 underline underline-offset-2">
                See it on the site
              </a>
            ) : null}
          </div>
        ) : null}
      </header>
      {item ? (
        <Form method="post" className="flex flex-wrap items-center gap-3 rounded-lg border border-gray-200 bg-white p-3">
          <input type="hidden" name="version" value={version} />
          {loaded.status === 'published' ? (
            <>
              <span className="text-sm text-ink">
                {kind === 'lease_template' ? 'Stop writing new leases from it' : 'Take it off the site'}, keeping it as a draft:
              </span>
              <Button name="intent" value="unpublish" variant="secondary">
                Unpublish
              </Button>
            </>
          ) : (
            <>
              <span className="text-sm text-ink">
                Publish the saved version
                {kind === 'terms'
                  ? ' (from its effective time)'
                  : kind === 'lease_template'
                    ? ' now: new leases are written from it'
                    : ' now'}
                :
              </span>
              <Button name="intent" value="publish" variant="secondary">
                Publish
              </Button>
            </>
          )}
        </Form>
      ) : null}
      <ContentEditor
        key={`${item?.id ?? 'new'}:${version ?? 0}`}
        kind={kind}
        values={answer?.values ?? loaded.values}
        fieldErrors={answer?.fieldErrors ?? {}}
        formError={answer?.formError}
        previewHtml={answer?.previewHtml ?? loaded.previewHtml}
        version={version}
        theirs={answer?.theirs}
        templateFields={loaded.templateFields}
      />
      {loaded.feedback ? <ReaderFeedback feedback={loaded.feedback} /> : null}
    </div>
  )
}
