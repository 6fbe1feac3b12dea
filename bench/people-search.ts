// The operator console's people search over 1,000,000 accounts on PostgreSQL (DATABASE_URL). Fills the
// database first when it holds fewer accounts than --accounts (user and profile rows written straight
// by generate_series: names and e-mail addresses varied from lists of first names, surnames and
// domains), then runs --samples searches drawn from --seed through searchPeople, the function the
// /admin/people page calls (no cache in front of it): the start of a first name, a surname or an
// e-mail address (1 to 8 characters), a part of a name or an address from inside it (3 to 8), a full
// name, and misses; 30 % ask for the next page too. Prints one JSON line: p50/p95/p99/max overall and
// per kind, and the slowest queries.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/people_bench npx node bench/people-search.ts [--accounts 1000000] [--samples 2000] [--seed 1]
import { parseArgs } from 'node:util'
import { sql } from 'drizzle-orm'
import { openDatabase } from '#server/db/client.server.ts'
import { searchPeople } from '#server/console/index.server.ts'
import { seededRandom } from '#tests/support/synthetic-rents.ts'

const { values } = parseArgs({
  options: {
    accounts: { type: 'string', default: '1000000' },
    samples: { type: 'string', default: '2000' },
    seed: { type: 'string', default: '1' },
  },
})
const accounts = Number(values.accounts)
const samples = Number(values.samples)
const seed = Number(values.seed)
if (!Number.isInteger(accounts) || accounts < 1 || !Number.isInteger(samples) || samples < 1)
  throw new Error('--accounts and --samples are positive whole numbers')
const url = process.env.DATABASE_URL
if (!url?.startsWith('postgres')) throw new Error('Set DATABASE_URL to a PostgreSQL database (this benchmark fills it)')

const FIRST = `Ava Liam Olivia Noah Emma Oliver Charlotte Elijah Amelia James Sophia William Isabella Benjamin Mia Lucas Evelyn Henry
Harper Theodore Luna Jack Camila Levi Gianna Alexander Elizabeth Jackson Eleanor Mateo Ella Daniel Abigail Michael Sofia Mason Avery
Sebastian Scarlett Ethan Emily Logan Aria Owen Penelope Samuel Chloe Jacob Layla Asher Mila Aiden Nora John Hazel Joseph Madison Wyatt
Ellie David Lily Leo Nova Luke Isla Julian Grace Hudson Violet Grayson Aurora Matthew Riley Ezra Zoey Gabriel Willow Carter Emilia Isaac
Stella Jayden Zoe Luca Victoria Anthony Hannah Dylan Addison Lincoln Leah Thomas Lucy Maverick Eliana Elias Ivy Josiah Everly Charles
Lillian Caleb Paisley Christopher Elena Ezekiel Naomi Miles Maya Jaxon Natalia Isaiah Valentina Andrew Delilah Joshua Autumn Nathan
Rosa Adrian Ximena Hiroshi Aiko Priya Arjun Chen Wei Fatima Omar Yusuf Amara Kwame Nadia Dmitri Ingrid Lars Siobhan Declan Mei Kenji
Zainab Tariq Lucía Mateus Ananya Rohan Thandiwe Sipho Björn Élodie`.split(/\s+/)
const LAST = `Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez Gonzalez Wilson Anderson Thomas
Taylor Moore Jackson Martin Lee Perez Thompson White Harris Sanchez Clark Ramirez Lewis Robinson Walker Young Allen King Wright Scott
Torres Nguyen Hill Flores Green Adams Nelson Baker Hall Rivera Campbell Mitchell Carter Roberts Gomez Phillips Evans Turner Diaz Parker
Cruz Edwards Collins Reyes Stewart Morris Morales Murphy Cook Rogers Gutierrez Ortiz Morgan Cooper Peterson Bailey Reed Kelly Howard
Ramos Kim Cox Ward Richardson Watson Brooks Chavez Wood James Bennett Gray Mendoza Ruiz Hughes Price Alvarez Castillo Sanders Patel
Myers Long Ross Foster Jimenez Powell Jenkins Perry Russell Sullivan Bell Coleman Butler Henderson Barnes Gonzales Fisher Vasquez
Simmons Romero Jordan Patterson Alexander Hamilton Graham Reynolds Griffin Wallace Moreno West Cole Hayes Bryant Herrera Gibson Ellis
Tran Medina Aguilar Stevens Murray Ford Castro Marshall Owens Harrison Fernandez McDonald Woods Washington Kennedy Wells Vargas Henry
Chen Freeman Webb Tucker Guzman Burns Crawford Olson Simpson Porter Hunter Gordon Mendez Silva Shaw Snyder Mason Dixon Muñoz Hunt
Hicks Holmes Palmer Wagner Black Robertson Boyd Rose Stone Salazar Fox Warren Mills Meyer Rice Schmidt Garza Daniels Ferguson Nichols
Stephens Soto Weaver Ryan Gardner Payne Grant Dunn Kelley Spencer Hawkins Arnold Pierce Hansen Peters Santos Hart Bradley Knight
Elliott Cunningham Duncan Armstrong Hudson Carroll Lane Riley Andrews Ruiz Okafor Nakamura Yamamoto Kowalski Novak Horvat Dubois
Lefebvre Rossi Russo Bianchi Müller Schneider Fischer Johansson Lindqvist O'Brien MacLeod Singh Kumar Sharma Das Banerjee Haddad
Mansour Abubakar Mensah Osei`.split(/\s+/)
const DOMAINS = [
  'gmail.com',
  'yahoo.com',
  'outlook.com',
  'icloud.com',
  'proton.me',
  'example.org',
  'udel.edu',
  'comcast.net',
  'hey.com',
  'aol.com',
]

const started = performance.now()
const database = await openDatabase({ kind: 'postgres', url, poolSize: 2 })
const { db } = database
const count = async () => Number((await db.execute<{ n: string }>(sql`select count(*) as n from "user"`)).rows[0]!.n)

// --- Fill ---
let existing = await count()
const fillStarted = performance.now()
const textArray = (words: string[]) => sql.raw(`array[${words.map((w) => `'${w.replace(/'/g, "''")}'`).join(',')}]::text[]`)
const CHUNK = 100_000
while (existing < accounts) {
  const from = existing + 1
  const to = Math.min(accounts, existing + CHUNK)
  // h: a hash of i, so neighbours differ; the first name, surname, e-mail shape and domain come from it.
  await db.execute(sql`
    with src as (
      select i, (i::bigint * 2654435761) % 4294967296 as h from generate_series(${from}::int, ${to}::int) as i
    ), named as (
      select i, h,
        (${textArray(FIRST)})[1 + (h % ${FIRST.length})::int] as first,
        (${textArray(LAST)})[1 + ((h / ${FIRST.length}) % ${LAST.length})::int] as last,
        (${textArray(DOMAINS)})[1 + ((h / 7919) % ${DOMAINS.length})::int] as domain
      from src
    ), people as (
      select i, first || ' ' || last as name,
        lower(case (h / 13) % 4
          when 0 then first || '.' || last || i
          when 1 then left(first, 1) || last || i
          when 2 then last || '_' || first || i
          else first || i end) || '@' || domain as email,
        now() - ((h % 3000) || ' days')::interval as created
      from named
    ), inserted as (
      insert into "user" (id, name, email, email_verified, created_at, updated_at)
      select 'bench-people-' || i, name, email, true, created, created from people
      on conflict do nothing
      returning id, email
    )
    insert into profile (email, user_id) select email, id from inserted on conflict do nothing`)
  existing = await count()
  if (to >= accounts) break
}
const fillMs = Math.round(performance.now() - fillStarted)
await db.execute(sql`analyze "user"`)
await db.execute(sql`analyze profile`)

// --- Searches ---
const random = seededRandom(seed)
const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!
const between = (low: number, high: number) => low + Math.floor(random() * (high - low + 1))
const slice = (text: string, length: number, fromStart: boolean) => {
  const n = Math.min(length, text.length)
  const start = fromStart ? 0 : between(0, text.length - n)
  return text.slice(start, start + n)
}
const sampleEmail = () => {
  const first = pick(FIRST).toLowerCase()
  const last = pick(LAST).toLowerCase()
  return pick([`${first}.${last}${between(1, accounts)}@${pick(DOMAINS)}`, `${first[0]}${last}${between(1, accounts)}@${pick(DOMAINS)}`])
}
type Kind = 'first-name-prefix' | 'surname-prefix' | 'email-prefix' | 'name-part' | 'email-part' | 'full-name' | 'miss'
const KINDS: Kind[] = ['first-name-prefix', 'surname-prefix', 'email-prefix', 'name-part', 'email-part', 'full-name', 'miss']
function draw(kind: Kind): string {
  switch (kind) {
    case 'first-name-prefix':
      return slice(pick(FIRST), between(1, 8), true)
    case 'surname-prefix':
      return slice(pick(LAST), between(1, 8), true)
    case 'email-prefix':
      return slice(sampleEmail(), between(1, 8), true)
    case 'name-part':
      return slice(`${pick(FIRST)} ${pick(LAST)}`, between(3, 8), false)
    case 'email-part':
      return slice(sampleEmail(), between(3, 8), false)
    case 'full-name':
      return `${pick(FIRST)} ${pick(LAST)}`
    case 'miss':
      return Array.from({ length: between(1, 10) }, () => pick([...'qxzjvkwy0123456789'])).join('')
  }
}

const times: number[] = []
const byKind = new Map<Kind, number[]>()
const slowest: { kind: Kind; query: string; page: number; ms: number; found: number }[] = []
for (let n = 0; n < samples; n += 1) {
  const kind = pick(KINDS)
  const query = draw(kind)
  let cursor: string | null = null
  for (let page = 1; page <= (random() < 0.3 ? 2 : 1); page += 1) {
    const t0 = performance.now()
    const result: Awaited<ReturnType<typeof searchPeople>> = await searchPeople(db, { query, cursor })
    const ms = performance.now() - t0
    times.push(ms)
    byKind.set(kind, [...(byKind.get(kind) ?? []), ms])
    slowest.push({ kind, query, page, ms: Math.round(ms * 100) / 100, found: result.people.length })
    cursor = result.nextCursor
    if (!cursor) break
  }
}
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! * 100) / 100
}
slowest.sort((a, b) => b.ms - a.ms)
console.log(
  JSON.stringify({
    benchmark: 'people-search',
    database: 'postgres',
    accounts: existing,
    fillMs,
    seed,
    searches: times.length,
    cache: 'off',
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    max: percentile(times, 100),
    kinds: Object.fromEntries(
      [...byKind].map(([kind, list]) => [
        kind,
        { n: list.length, p50: percentile(list, 50), p95: percentile(list, 95), max: percentile(list, 100) },
      ]),
    ),
    slowest: slowest.slice(0, 8),
    seconds: Math.round((performance.now() - started) / 100) / 10,
  }),
)
await database.close()
