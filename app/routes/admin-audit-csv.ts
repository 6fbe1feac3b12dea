// GET /admin/audit/csv: the audit log's filtered rows as CSV (formula-safe), for administrators only
// (anyone else: 404), never kept by a cache.
import type { Route } from './+types/admin-audit-csv'
import { appContext } from '#server/http/app-context.server.ts'
import { auditCsvResponse } from './admin-console.server.ts'

export async function loader({ request, context }: Route.LoaderArgs) {
  return auditCsvResponse(context.get(appContext).services, request)
}
