// What a list of applications shows of each, read without carrying whole snapshots: the figures a
// summary needs (household income, people, pets, documents, history, references) computed in SQL
// from the row, its snapshot and its joined co-applicants, then checked against the criteria.
import { eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm'
import { checkCriteria, incomeToRent } from '#common/applications/criteria.ts'
import type { RenterProfile } from '#common/applications/profile.ts'
import type { ApplicationSummary, CriteriaView } from '#common/applications/types.ts'
import type { ApplicationState } from '#common/applications/vocabulary.ts'
import type { Db } from '#server/db/client.server.ts'
import {
  application,
  applicationCriteria,
  applicationDocument,
  applicationInvite,
  listing,
  privateDocument,
  user,
} from '#server/db/schema.ts'
import { criteriaViewOf } from './criteria.server.ts'
import { listingRefOf } from './listing-ref.server.ts'

const snapshot = application.snapshot
const jsonArray = (key: string, from: SQL | AnyColumn = snapshot) => sql`coalesce(${from} -> ${key}, '[]'::jsonb)`
const sumOf = (key: string, field: string, from: SQL | AnyColumn = snapshot) =>
  sql`coalesce((select sum((item ->> ${field})::bigint) from jsonb_array_elements(${jsonArray(key, from)}) item), 0)`
/** A snapshot's monthly income: its jobs and its other income. */
const incomeOf = (from: SQL | AnyColumn) =>
  sql`(${sumOf('employment', 'monthlyIncomeCents', from)} + ${sumOf('otherIncome', 'monthlyCents', from)})`
const coApplicantSnapshot = sql.raw('co.snapshot')
/** Over the joined co-applicants of the application: `what` of each, summed. */
const sumOverCoApplicants = (what: SQL) =>
  sql`coalesce((select sum(${what}) from ${applicationInvite} co where co.application_id = ${application.id} and co.accepted_at is not null), 0)`
/** Joined co-applicants' income counts in the household's; they and their occupants in its people. */
const coApplicantIncome = sumOverCoApplicants(incomeOf(coApplicantSnapshot))

/** What a summary shows, read from the row and its snapshot without carrying the whole snapshot. */
const summaryColumns = {
  id: application.id,
  state: application.state,
  renterId: application.renterId,
  landlordId: application.landlordId,
  criteriaId: application.criteriaId,
  rentCents: application.rentCents,
  moveInDate: application.moveInDate,
  submittedAt: application.submittedAt,
  updatedAt: application.updatedAt,
  listingId: listing.id,
  title: listing.title,
  street: listing.street,
  unit: listing.unit,
  city: listing.city,
  listingState: listing.state,
  listingRentCents: listing.monthlyRentCents,
  timeZone: listing.timeZone,
  latitude: listing.latitude,
  longitude: listing.longitude,
  legalName: sql<string | null>`${snapshot} ->> 'legalName'`,
  renterName: user.name,
  incomeCents: sql<number>`(${incomeOf(snapshot)} + ${coApplicantIncome})::bigint`.mapWith(Number),
  occupants: sql<number>`jsonb_array_length(${jsonArray('occupants')})`.mapWith(Number),
  coApplicants: sql<number>`${sumOverCoApplicants(sql`1`)}::int`.mapWith(Number),
  coApplicantOccupants:
    sql<number>`${sumOverCoApplicants(sql`jsonb_array_length(${jsonArray('occupants', coApplicantSnapshot)})`)}::int`.mapWith(Number),
  pets: sql<RenterProfile['pets']>`${jsonArray('pets')}`,
  earliestMonth: sql<string | null>`(select min(item ->> 'from') from jsonb_array_elements(${jsonArray('addresses')}) item)`,
  references:
    sql<number>`(select count(*) from jsonb_array_elements(${jsonArray('addresses')}) item where coalesce(item ->> 'landlordName', '') <> '')::int`.mapWith(
      Number,
    ),
  documents:
    sql<number>`(select count(*) from ${applicationDocument} join ${privateDocument} on ${privateDocument.id} = ${applicationDocument.documentId} where ${applicationDocument.applicationId} = ${application.id} and ${privateDocument.deletedAt} is null and ${application.documentsDeletedAt} is null)::int`.mapWith(
      Number,
    ),
}

export function summaryQuery(db: Db) {
  return db
    .select(summaryColumns)
    .from(application)
    .innerJoin(listing, eq(listing.id, application.listingId))
    .innerJoin(user, eq(user.id, application.renterId))
}

type SummaryRow = Awaited<ReturnType<typeof summaryQuery>>[number]

/** Years from the earliest address's month to `now`, to one decimal (rounded down). */
function yearsSince(month: string | null, now: Date): number {
  if (!month) return 0
  const [year, monthOfYear] = month.split('-').map(Number)
  const months = (now.getUTCFullYear() - year!) * 12 + (now.getUTCMonth() + 1 - monthOfYear!)
  return Math.max(0, Math.floor((months / 12) * 10) / 10)
}

export function summaryOf(row: SummaryRow, criteria: Map<number, CriteriaView>, now: Date): ApplicationSummary {
  const profile = {
    employment: [{ monthlyIncomeCents: row.incomeCents }] as RenterProfile['employment'],
    otherIncome: [],
    occupants: Array.from({ length: row.occupants }, () => ({ name: '', adult: true })),
    pets: row.pets,
  }
  return {
    id: row.id,
    listing: listingRefOf(row),
    applicantName: row.legalName || row.renterName,
    state: row.state as ApplicationState,
    submittedAt: row.submittedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
    monthlyIncomeCents: row.incomeCents,
    incomeToRent: incomeToRent(row.incomeCents, row.rentCents),
    checks: checkCriteria({
      criteria: row.criteriaId === null ? null : (criteria.get(row.criteriaId) ?? null),
      profile,
      rentCents: row.rentCents,
      moveInDate: row.moveInDate,
      coHousehold: { coApplicants: row.coApplicants, theirOccupants: row.coApplicantOccupants },
    }),
    occupants: 1 + row.occupants + row.coApplicants + row.coApplicantOccupants,
    coApplicantCount: row.coApplicants,
    pets: row.pets.length,
    documents: row.documents,
    historyYears: yearsSince(row.earliestMonth, now),
    references: row.references,
  }
}

export async function criteriaByIds(db: Db, ids: (number | null)[]): Promise<Map<number, CriteriaView>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))]
  if (wanted.length === 0) return new Map()
  const rows = await db.select().from(applicationCriteria).where(inArray(applicationCriteria.id, wanted))
  return new Map(rows.map((row) => [row.id, criteriaViewOf(row)]))
}
