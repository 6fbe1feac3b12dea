// `npm test`: every check CI runs, in order, stopping at the first failure — the format check, lint
// (layers and cycles included) and unused code, typecheck, unit tests,
// integration tests on PGlite and on PostgreSQL, the production build, the server process tests, the
// hostile-input suite (the production server on both databases, its pages read in Chromium), then
// the end-to-end suite in Chromium. Ends with a table of the layers (tests passed, failed and skipped,
// wall time, the CPU time of the test processes, and each layer's budget from the README), then one
// line "N passed, N failed". A layer over its budget is named, but does not fail the run: times on a
// shared machine vary.
// With CI=true a missing Chromium or an unreachable PostgreSQL is an error; elsewhere those layers
// are skipped with a loud message, so a newcomer without them still gets every other check.
import { execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'

const root = path.resolve(import.meta.dirname, '..')
const isCI = process.env.CI === 'true' || process.env.CI === '1'
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cooper-test-'))

/** A package's command-line script, run with this Node (Node 24 under npm) rather than a shell shim. */
function bin(pkg, name) {
  // Read from node_modules directly: some packages (knip) do not export their package.json.
  const manifestPath = path.join(root, 'node_modules', pkg, 'package.json')
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'))
  const entry = typeof manifest.bin === 'string' ? manifest.bin : manifest.bin[name]
  return path.join(path.dirname(manifestPath), entry)
}

function run(args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } })
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)))
  })
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'))
  } catch {
    return undefined
  }
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`

// Each layer's budget in seconds on the 2-core machine CI runs on (README, "Test layers and their
// budgets"); the whole suite's is 15 minutes.
const BUDGET_S = {
  'format and lint': 35,
  typecheck: 25,
  unit: 20,
  'integration on PGlite': 170,
  'integration on PostgreSQL': 130,
  'production build': 10,
  'server process': 60,
  'hostile input': 150,
  'end-to-end in Chromium': 300,
}
const TOTAL_BUDGET_S = 15 * 60

/**
 * CPU seconds (user + system) of this process's finished children and theirs (Linux: /proc), so a
 * layer's CPU time can be told apart from its wall time on a busy machine; undefined elsewhere.
 */
const ticksPerSecond = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100
  } catch {
    return 100
  }
})()
function childrenCpuSeconds() {
  try {
    const stat = fs.readFileSync('/proc/self/stat', 'utf8')
    // Fields after the command's closing parenthesis: state is field 3, cutime and cstime 16 and 17.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(fields[13]) + Number(fields[14])) / ticksPerSecond
  } catch {
    return undefined
  }
}
const banner = (text) => console.log(`\n━━━ ${text} ${'━'.repeat(Math.max(0, 72 - text.length))}`)
const loud = (text) => console.log(`\n!!! ${text}\n`)

async function isPostgresReachable(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 })
  try {
    await client.connect()
    await client.query('select 1')
    return true
  } catch (error) {
    return error instanceof Error ? error.message : String(error)
  } finally {
    await client.end().catch(() => {})
  }
}

// ── What this machine has ────────────────────────────────────────────────────────────────────────
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const hasChromium = fs.existsSync(chromiumPath)
const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const postgres = await isPostgresReachable(postgresUrl)
const problems = []
if (!hasChromium) problems.push(`Chromium is missing at ${chromiumPath} (install Debian's chromium or set CHROMIUM_PATH)`)
if (postgres !== true) problems.push(`PostgreSQL did not answer at ${postgresUrl} (${postgres}); set TEST_DATABASE_URL`)
if (problems.length > 0 && isCI) {
  for (const problem of problems) console.error(`ERROR: ${problem}`)
  console.error('With CI=true every layer must run.')
  console.log('0 passed, 1 failed')
  process.exit(1)
}
for (const problem of problems) loud(`${problem}: its tests are SKIPPED on this machine (they are required in CI).`)
if (problems.length > 0)
  loud('The hostile-input layer needs both PostgreSQL and Chromium: it is SKIPPED on this machine (it is required in CI).')

// ── The layers ───────────────────────────────────────────────────────────────────────────────────
/** Counts from vitest's JSON report; a run that failed without failing tests (e.g. a file that does not load) counts one failure. */
function vitestLayer(name, project) {
  const report = path.join(reportDir, `vitest-${project}.json`)
  return {
    name,
    async run() {
      const code = await run([
        bin('vitest', 'vitest'),
        'run',
        '--project',
        project,
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${report}`,
      ])
      const json = readJson(report)
      const passed = json?.numPassedTests ?? 0
      let failed = json?.numFailedTests ?? 0
      const skipped = (json?.numPendingTests ?? 0) + (json?.numTodoTests ?? 0)
      if (code !== 0 && failed === 0) failed = 1
      return { passed, failed, skipped }
    },
  }
}

/** A check with no test count of its own (typecheck, build): a failure counts as one failed check. */
function checkLayer(name, commands) {
  return {
    name,
    isCheck: true,
    async run() {
      for (const args of commands) {
        if ((await run(args)) !== 0) return { passed: 0, failed: 1 }
      }
      return { passed: 0, failed: 0 }
    },
  }
}

const layers = [
  checkLayer('format and lint', [
    [bin('prettier', 'prettier'), '--check', '.'],
    [bin('eslint', 'eslint'), '.'],
    // knip follows the routes' generated `./+types/*` imports: generate them first on a fresh clone.
    [bin('@react-router/dev', 'react-router'), 'typegen'],
    [bin('knip', 'knip')],
  ]),
  checkLayer('typecheck', [[bin('@react-router/dev', 'react-router'), 'typegen'], [bin('typescript', 'tsc')]]),
  vitestLayer('unit', 'unit'),
  vitestLayer('integration on PGlite', 'pglite'),
  postgres === true ? vitestLayer('integration on PostgreSQL', 'postgres') : { name: 'integration on PostgreSQL', isAbsent: true },
  checkLayer('production build', [[bin('@react-router/dev', 'react-router'), 'build']]),
  vitestLayer('server process', 'process'),
  // Needs the build (made just above), PostgreSQL and Chromium: with CI=true a missing one has failed
  // the run already; elsewhere the layer is skipped, loudly at the start and in the summary.
  postgres === true && hasChromium ? vitestLayer('hostile input', 'hostile') : { name: 'hostile input', isAbsent: true },
  hasChromium
    ? {
        name: 'end-to-end in Chromium',
        async run() {
          const report = path.join(reportDir, 'playwright.json')
          const code = await run([bin('@playwright/test', 'playwright'), 'test', '--reporter=list,json'], {
            PLAYWRIGHT_JSON_OUTPUT_FILE: report,
          })
          const stats = readJson(report)?.stats
          const passed = (stats?.expected ?? 0) + (stats?.flaky ?? 0)
          let failed = stats?.unexpected ?? 0
          const skipped = stats?.skipped ?? 0
          if (code !== 0 && failed === 0) failed = 1
          return { passed, failed, skipped }
        },
      }
    : { name: 'end-to-end in Chromium', isAbsent: true },
]

const results = []
const started = Date.now()
for (const layer of layers) {
  if (layer.isAbsent) {
    results.push({ name: layer.name, isAbsent: true })
    continue
  }
  banner(layer.name)
  const layerStarted = Date.now()
  const cpuBefore = childrenCpuSeconds()
  const counts = await layer.run()
  const cpuAfter = childrenCpuSeconds()
  const cpu = cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore
  const result = { name: layer.name, isCheck: layer.isCheck, ...counts, ms: Date.now() - layerStarted, cpu }
  results.push(result)
  const what = layer.isCheck ? (counts.failed ? 'FAILED' : 'ok') : `${counts.passed} passed, ${counts.failed} failed`
  console.log(`\n${layer.name}: ${what} in ${seconds(result.ms)}`)
  if (counts.failed > 0) break
}
const totalMs = Date.now() - started

banner('time per layer')
/** One row of the table: the layer's name, then right-aligned columns. */
const WIDTHS = [28, 8, 8, 8, 10, 10, 10, 8]
const row = (cells) => cells.map((cell, i) => (i === 0 ? String(cell).padEnd(WIDTHS[i]) : String(cell).padStart(WIDTHS[i]))).join(' ')
console.log(row(['layer', 'passed', 'failed', 'skipped', 'wall', 'CPU', 'budget', '']))
const overBudget = []
for (const result of results) {
  const budget = BUDGET_S[result.name]
  if (result.isAbsent) {
    console.log(row([result.name, '', '', '', 'SKIPPED', '', budget === undefined ? '' : `${budget} s`, '']))
    continue
  }
  const over = budget !== undefined && result.ms > budget * 1000
  if (over) overBudget.push(result.name)
  const counts = result.isCheck
    ? [result.failed ? '' : 'ok', result.failed ? 'FAILED' : '', '']
    : [result.passed, result.failed, result.skipped ?? 0]
  console.log(
    row([
      result.name,
      ...counts,
      seconds(result.ms),
      result.cpu === undefined ? '' : `${result.cpu.toFixed(1)} s`,
      budget === undefined ? '' : `${budget} s`,
      over ? 'OVER' : '',
    ]),
  )
}
const notRun = layers.slice(results.length).map((layer) => layer.name)
for (const name of notRun) console.log(row([name, '', '', '', 'not run', '', `${BUDGET_S[name] ?? ''} s`, '']))
const totalCpu = results.reduce((sum, r) => (r.cpu === undefined || sum === undefined ? undefined : sum + r.cpu), 0)
console.log(
  row([
    'total',
    results.reduce((sum, r) => sum + (r.passed ?? 0), 0),
    results.reduce((sum, r) => sum + (r.failed ?? 0), 0),
    results.reduce((sum, r) => sum + (r.skipped ?? 0), 0),
    seconds(totalMs),
    totalCpu === undefined ? '' : `${totalCpu.toFixed(1)} s`,
    `${TOTAL_BUDGET_S} s`,
    totalMs > TOTAL_BUDGET_S * 1000 ? 'OVER' : '',
  ]),
)
if (notRun.length > 0) console.log(`not run after the failure: ${notRun.join(', ')}`)
if (overBudget.length > 0 || totalMs > TOTAL_BUDGET_S * 1000) {
  loud(
    `Over budget: ${[...overBudget, ...(totalMs > TOTAL_BUDGET_S * 1000 ? ['the whole suite'] : [])].join(', ')}. ` +
      'On a busy machine compare the CPU column; if a layer has grown, see the README on keeping the suite in budget.',
  )
}
fs.rmSync(reportDir, { recursive: true, force: true })

const passed = results.reduce((sum, r) => sum + (r.passed ?? 0), 0)
const failed = results.reduce((sum, r) => sum + (r.failed ?? 0), 0)
console.log(`${passed} passed, ${failed} failed`)
process.exit(failed > 0 ? 1 : 0)
