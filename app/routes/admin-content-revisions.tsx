// /admin/content/:kind/:id/revisions: every saved version of an item (who, when), a comparison of one
// with the current version (removed text struck through and labelled, added text underlined and
// labelled, not told by colour alone) and a button to restore it as a new version.
import { Form, Link } from 'react-router'
import { refusalText } from '#common/forms.ts'
import type { Route } from './+types/admin-content-revisions'
import { Button } from '#app/components/ui/button.tsx'
import { adminEditPath, adminRevisionsPath, KIND_NOUNS, utcTime, type FieldComparison } from '#common/content/admin-types.ts'
import { siteConfig } from '#common/site-config.ts'
import { appContext } from '#server/http/app-context.server.ts'
import { loadRevisions, revisionsAction } from './admin-content-revisions.server.ts'

export function meta({ loaderData: loaded }: Route.MetaArgs) {
  return [{ title: `Revisions of “${loaded?.title ?? ''}” · Admin · ${siteConfig.name}` }, { name: 'robots', content: 'noindex' }]
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  return loadRevisions(context.get(appContext).services, request, params)
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return revisionsAction(context.get(appContext).services, request, params)
}

const linkClass = 'font-semibold text-brand-800 underline underline-offset-2'

function FieldDiff({ field }: { field: FieldComparison }) {
  return (
    <div className="rounded-lg border border-gray-200 bg-white p-3">
      <h3 className="text-sm font-semibold text-ink">{field.label}</h3>
      <p className="mt-1 text-sm break-words whitespace-pre-wrap text-ink">
        {field.parts.map((part, index) =>
          part.kind === 'same' ? (
            <span key={index}>{part.text}</span>
          ) : part.kind === 'removed' ? (
            <del key={index} className="bg-red-100 text-red-900 decoration-2">
              <span className="sr-only">[removed: </span>
              <span aria-hidden="true" className="text-xs font-bold no-underline">
                −
              </span>
              {part.text}
              <span className="sr-only">]</span>
            </del>
          ) : (
            <ins key={index} className="bg-green-100 text-green-900 decoration-2">
              <span className="sr-only">[added: </span>
              <span aria-hidden="true" className="text-xs font-bold">
                +
              </span>
              {part.text}
              <span className="sr-only">]</span>
            </ins>
          ),
        )}
      </p>
    </div>
  )
}

export default function AdminContentRevisions({ loaderData, actionData }: Route.ComponentProps) {
  const { kind, itemId, title, version, revisions, comparison } = loaderData
  const changed = comparison?.fields.filter((field) => field.isChanged) ?? []
  return (
    <div className="space-y-6">
      <p>
        <Link to={adminEditPath(kind, itemId)} className="text-sm font-semibold text-brand-800 underline underline-offset-2">
          <span aria-hidden="true">← </span>Back to the editor
        </Link>
      </p>
      <header>
        <p className="text-sm font-semibold tracking-wider text-brand-700 uppercase">Revisions of the {KIND_NOUNS[kind]}</p>
        <h1 className="mt-1 text-2xl font-bold tracking-tight break-words text-ink sm:text-3xl">{title}</h1>
        <p className="mt-2 text-ink-soft">The current version is {version}. Restoring an older one saves it again as a new version.</p>
      </header>
      {actionData ? (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-900">
          {refusalText(actionData)}
        </p>
      ) : null}

      {comparison ? (
        <section aria-labelledby="comparison-title" className="space-y-3">
          <h2 id="comparison-title" className="text-xl font-bold text-ink">
            Version {comparison.version} compared with the current version {version}
          </h2>
          <p className="text-sm text-ink-soft">
            <del className="bg-red-100 text-red-900">Struck-through text (−)</del> is in version {comparison.version} only;{' '}
            <ins className="bg-green-100 text-green-900">underlined text (+)</ins> is in the current version only.
          </p>
          {changed.length === 0 ? (
            <p className="text-ink">No differences: version {comparison.version} is the same as the current version.</p>
          ) : (
            changed.map((field) => <FieldDiff key={field.field} field={field} />)
          )}
          {comparison.fields.some((field) => !field.isChanged) ? (
            <p className="text-sm text-ink-soft">
              Unchanged:{' '}
              {comparison.fields
                .filter((field) => !field.isChanged)
                .map((field) => field.label)
                .join(', ')}
              .
            </p>
          ) : null}
        </section>
      ) : null}

      <section aria-labelledby="revisions-title">
        <h2 id="revisions-title" className="text-xl font-bold text-ink">
          All versions ({revisions.length})
        </h2>
        {revisions.length === 0 ? <p className="mt-2 text-ink-soft">No revisions were kept for this item yet.</p> : null}
        <ol className="mt-3 divide-y divide-gray-200 border-y border-gray-200 empty:hidden">
          {revisions.map((revision) => (
            <li key={revision.version} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="text-sm text-ink">
                <p className="font-semibold">
                  Version {revision.version}
                  {revision.version === version ? ' (current)' : ''}
                </p>
                <p>
                  {revision.editorName}, {utcTime(revision.createdAt)}
                </p>
              </div>
              {revision.version === version ? null : (
                <div className="flex flex-wrap items-center gap-3">
                  <Link to={`${adminRevisionsPath(kind, itemId)}?compare=${revision.version}`} className={`text-sm ${linkClass}`}>
                    Compare version {revision.version} with current
                  </Link>
                  <Form method="post">
                    <input type="hidden" name="intent" value="restore" />
                    <input type="hidden" name="revision" value={revision.version} />
                    <input type="hidden" name="version" value={version} />
                    <Button variant="secondary">Restore version {revision.version}</Button>
                  </Form>
                </div>
              )}
            </li>
          ))}
        </ol>
      </section>
    </div>
  )
}
