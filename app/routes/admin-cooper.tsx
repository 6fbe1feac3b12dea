// /admin/cooper: the Cooper Index's recent runs (which one readers see, how much data each read, why one
// failed) and "Recompute now" for administrators. Anyone else, a visitor included, gets 404.
import { Form, Link, useNavigation } from 'react-router'
import { ConsoleNav } from '#app/components/admin/console-nav.tsx'
import type { Route } from './+types/admin-cooper'
import { Button, PendingNote } from '#app/components/ui/button.tsx'
import { siteConfig } from '#common/site-config.ts'
import { appContext } from '#server/http/app-context.server.ts'
import { adminCooperAction, loadAdminCooper, type AdminRun } from './admin-cooper.server.ts'

export function meta() {
  return [{ title: `Cooper Index runs · Admin · ${siteConfig.name}` }, { name: 'robots', content: 'noindex' }]
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadAdminCooper(context.get(appContext).services, request)
}

export async function action({ request, context }: Route.ActionArgs) {
  return adminCooperAction(context.get(appContext).services, request)
}

const utc = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`
const count = new Intl.NumberFormat('en-US')
const RUN_COLUMNS = [
  { label: 'Run' },
  { label: 'Started' },
  { label: 'Finished' },
  { label: 'Status' },
  { label: 'Observations', isNumber: true },
  { label: 'Pairs', isNumber: true },
  { label: 'Markets', isNumber: true },
  { label: 'Error' },
]
const STATUS_WORDS: Record<AdminRun['status'], string> = { running: 'Running', done: 'Done', failed: 'Failed' }

function RunRow({ run }: { run: AdminRun }) {
  return (
    <tr className="border-t border-gray-200 align-top">
      <th scope="row" className="py-2 pr-4 font-semibold text-ink">
        {run.id}
      </th>
      <td className="py-2 pr-4 whitespace-nowrap">{utc(run.startedAt)}</td>
      <td className="py-2 pr-4 whitespace-nowrap">{run.finishedAt ? utc(run.finishedAt) : '—'}</td>
      <td className="py-2 pr-4">
        <span className={run.status === 'failed' ? 'font-semibold text-red-800' : 'text-ink'}>{STATUS_WORDS[run.status]}</span>
        {run.isCurrent ? (
          <span className="ml-2 rounded bg-brand-50 px-1.5 py-0.5 text-xs font-semibold text-brand-800">Current</span>
        ) : null}
      </td>
      <td className="py-2 pr-4 text-right">{count.format(run.observations)}</td>
      <td className="py-2 pr-4 text-right">{count.format(run.pairs)}</td>
      <td className="py-2 pr-4 text-right">{count.format(run.markets)}</td>
      <td className="py-2 break-words text-ink-soft">{run.error ?? ''}</td>
    </tr>
  )
}

export default function AdminCooper({ loaderData, actionData }: Route.ComponentProps) {
  const { runs, pending } = loaderData
  const navigation = useNavigation()
  const isSending = navigation.state === 'submitting' && navigation.formAction === '/admin/cooper'
  return (
    <div className="space-y-8">
      <ConsoleNav current="cooper" />
      <header>
        <p className="text-sm font-semibold tracking-wider text-brand-700 uppercase">Admin</p>
        <h1 className="mt-1 text-2xl font-bold tracking-tight text-ink sm:text-3xl">Cooper Index runs</h1>
        <p className="mt-2 max-w-3xl text-ink-soft">
          The{' '}
          <Link to="/cooper" className="font-semibold text-brand-800 underline underline-offset-2">
            Cooper Index
          </Link>{' '}
          is recomputed every night at 03:15 UTC from every asking rent on the site. A run that fails leaves the current one in place. Times
          are in UTC. Back to{' '}
          <Link to="/admin/content" className="font-semibold text-brand-800 underline underline-offset-2">
            site content
          </Link>
          .
        </p>
      </header>

      <section aria-labelledby="recompute-title" className="rounded-2xl border border-gray-200 bg-white p-4 shadow-sm sm:p-5">
        <h2 id="recompute-title" className="text-xl font-bold text-ink">
          Recompute
        </h2>
        <p className="mt-2 text-ink" role="status">
          {pending === null
            ? 'No recompute is running or queued.'
            : 'runningSince' in pending
              ? `A recompute is running (started ${utc(pending.runningSince)}).`
              : 'A recompute is queued and starts within seconds.'}
        </p>
        <Form method="post" className="mt-3 flex flex-wrap items-center gap-3">
          <input type="hidden" name="intent" value="recompute" />
          <Button disabled={isSending}>Recompute now</Button>
          {isSending ? <PendingNote>Queuing…</PendingNote> : null}
        </Form>
        {actionData?.formError ? (
          <p role="alert" className="mt-2 text-sm font-medium text-red-800">
            {actionData.formError}
          </p>
        ) : null}
      </section>

      {/* The table's scrolling region carries the name "Recent runs"; a second landmark of that name would repeat it. */}
      <section>
        <h2 id="runs-title" className="text-xl font-bold text-ink">
          Recent runs
        </h2>
        {runs.length === 0 ? (
          <p className="mt-2 text-ink-soft">No run yet: the index has never been computed.</p>
        ) : (
          // The table may be wider than a phone; its region scrolls, so keyboard users must be able to focus it.
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region is focusable (WCAG 2.1.1)
          <div role="region" aria-labelledby="runs-title" tabIndex={0} className="mt-3 overflow-x-auto">
            <table className="w-full min-w-[44rem] text-left text-sm">
              <thead>
                <tr className="text-ink-soft">
                  {RUN_COLUMNS.map(({ label, isNumber }, i) => (
                    <th
                      key={label}
                      scope="col"
                      className={['py-2 font-semibold', i < RUN_COLUMNS.length - 1 && 'pr-4', isNumber && 'text-right']
                        .filter(Boolean)
                        .join(' ')}
                    >
                      {label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {runs.map((run) => (
                  <RunRow key={run.id} run={run} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  )
}
