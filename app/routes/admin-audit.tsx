// /admin/audit: the administrators' audit log, newest first, a page at a time, filtered by
// administrator, action, target and dates; "Download CSV" gives the filtered rows. Administrators
// only (anyone else: 404). The log cannot be changed from here or anywhere (the database refuses).
import { Form, Link } from 'react-router'
import type { Route } from './+types/admin-audit'
import { ConsoleHeader, ConsoleNav, utcTime } from '#app/components/admin/console-nav.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { inputClass } from '#app/components/ui/field-parts.tsx'
import { AUDIT_TARGET_MAX_LENGTH, auditFiltersQuery } from '#common/console/schemas.ts'
import { auditActionLabel, type AuditEntry } from '#common/console/types.ts'
import { siteConfig } from '#common/site-config.ts'
import { appContext } from '#server/http/app-context.server.ts'
import { loadAuditPage } from './admin-console.server.ts'

export function meta() {
  return [{ title: `Audit log · Admin · ${siteConfig.name}` }, { name: 'robots', content: 'noindex' }]
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadAuditPage(context.get(appContext).services, request)
}

const link = 'font-semibold text-brand-800 underline underline-offset-2'

function Target({ entry }: { entry: AuditEntry }) {
  const label = entry.targetLabel || entry.targetId
  if (entry.targetKind === 'person') {
    return (
      <Link to={`/admin/people/${encodeURIComponent(entry.targetId)}`} className={link}>
        {label}
      </Link>
    )
  }
  return (
    <span>
      {entry.targetKind} {label}
    </span>
  )
}

function Field({ id, label, children }: { id: string; label: string; children: React.ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-ink">
        {label}
      </label>
      {children}
    </div>
  )
}

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { entries, nextCursor, filters, cursor, administrators, actions } = loaderData
  return (
    <div className="space-y-6">
      <ConsoleNav current="audit" />
      <ConsoleHeader title="Audit log">
        <p>Every action an administrator takes in the console, newest first. Times are in UTC. Nothing here can be changed or deleted.</p>
      </ConsoleHeader>
      <Form method="get" className="grid gap-3 rounded-2xl border border-gray-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-5">
        <Field id="audit-admin" label="Administrator">
          <select id="audit-admin" name="admin" defaultValue={filters.adminId ?? ''} className={`mt-1 ${inputClass}`}>
            <option value="">Anyone</option>
            {administrators.map((admin) => (
              <option key={admin.id} value={admin.id}>
                {admin.name}
              </option>
            ))}
          </select>
        </Field>
        <Field id="audit-action" label="Action">
          <select id="audit-action" name="action" defaultValue={filters.action ?? ''} className={`mt-1 ${inputClass}`}>
            <option value="">Any</option>
            {actions.map((action) => (
              <option key={action} value={action}>
                {auditActionLabel(action)}
              </option>
            ))}
          </select>
        </Field>
        <Field id="audit-target" label="Target (name, e-mail or id)">
          <input
            id="audit-target"
            name="target"
            type="search"
            defaultValue={filters.target ?? ''}
            maxLength={AUDIT_TARGET_MAX_LENGTH}
            className={`mt-1 ${inputClass}`}
          />
        </Field>
        <Field id="audit-from" label="From (day)">
          <input id="audit-from" name="from" type="date" defaultValue={filters.from ?? ''} className={`mt-1 ${inputClass}`} />
        </Field>
        <Field id="audit-to" label="To (day, included)">
          <input id="audit-to" name="to" type="date" defaultValue={filters.to ?? ''} className={`mt-1 ${inputClass}`} />
        </Field>
        <div className="flex flex-wrap items-center gap-3 sm:col-span-2 lg:col-span-5">
          <Button>Filter</Button>
          <Link to="/admin/audit" className={link}>
            Clear filters
          </Link>
          <a href={`/admin/audit/csv${auditFiltersQuery(filters)}`} className={link} download>
            Download CSV
          </a>
        </div>
      </Form>
      {/* The table's scrolling region carries the name "Entries"; a second landmark of that name would repeat it. */}
      <section>
        <h2 id="audit-entries" className="text-xl font-bold text-ink">
          Entries{cursor ? ' (continued)' : ''}
        </h2>
        {entries.length === 0 ? (
          <p className="mt-2 text-ink-soft">No entry matches.</p>
        ) : (
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region is focusable (WCAG 2.1.1)
          <div role="region" aria-labelledby="audit-entries" tabIndex={0} className="mt-3 overflow-x-auto">
            <table className="w-full min-w-[48rem] text-left text-sm">
              <thead>
                <tr className="text-ink-soft">
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    When
                  </th>
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    Administrator
                  </th>
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    Action
                  </th>
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    Whom
                  </th>
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    Why
                  </th>
                  <th scope="col" className="py-2 font-semibold">
                    From
                  </th>
                </tr>
              </thead>
              <tbody>
                {entries.map((entry) => (
                  <tr key={entry.id} className="border-t border-gray-200 align-top">
                    <td className="py-2 pr-4 whitespace-nowrap">{utcTime(entry.createdAt)}</td>
                    <td className="py-2 pr-4">{entry.adminName}</td>
                    <td className="py-2 pr-4 font-semibold">{auditActionLabel(entry.action)}</td>
                    <td className="py-2 pr-4 break-all">
                      <Target entry={entry} />
                    </td>
                    <td className="py-2 pr-4 whitespace-pre-line">{entry.reason}</td>
                    <td className="py-2 break-all text-ink-soft">{entry.ipAddress ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <p className="mt-4 flex gap-4">
          {cursor ? (
            <Link to={`/admin/audit${auditFiltersQuery(filters)}`} className={link}>
              Newest
            </Link>
          ) : null}
          {nextCursor ? (
            <Link to={`/admin/audit${auditFiltersQuery(filters, { after: nextCursor })}`} className={link}>
              Older entries
            </Link>
          ) : null}
        </p>
      </section>
    </div>
  )
}
