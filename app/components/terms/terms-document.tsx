// One version of the Terms of Use as a page: its state (in force, superseded or scheduled) and
// dates, a table of contents from its headings, the text, and the list of every published version.
import { Link } from 'react-router'
import { PageHeader } from '#app/components/page-header.tsx'
import { formatDate, isoDate } from '#app/utils/format.ts'
import { MarkdownBody } from '#app/components/content/markdown-body.tsx'

type TermsState = 'in-force' | 'superseded' | 'scheduled'
type TermsVersionItem = { label: string; effectiveAt: Date; summaryHtml: string; state: TermsState }
type TermsDocumentData = TermsVersionItem & { html: string; headings: { id: string; text: string; level: 2 | 3 }[] }

const linkClass = 'font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800'

function termsPath(label: string) {
  return `/terms/${encodeURIComponent(label)}`
}

function When({ date }: { date: Date }) {
  return <time dateTime={isoDate(date)}>{formatDate(date)}</time>
}

/** The effective time of the version that replaced this one: the next one in time that is not scheduled. */
function supersededOn(versions: TermsVersionItem[], label: string): Date | undefined {
  const index = versions.findIndex((version) => version.label === label)
  // Newest first: the one just before it in the list replaced it.
  const newer = versions.slice(0, Math.max(index, 0)).filter((version) => version.state !== 'scheduled')
  return newer.at(-1)?.effectiveAt
}

function StateNotice({ doc, versions }: { doc: TermsDocumentData; versions: TermsVersionItem[] }) {
  if (doc.state === 'in-force') {
    return (
      <p className="mt-4 inline-block rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-800">
        Version {doc.label} · in force since <When date={doc.effectiveAt} />
      </p>
    )
  }
  const until = doc.state === 'superseded' ? supersededOn(versions, doc.label) : undefined
  return (
    <div className="mt-4 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-ink">
      <p className="font-semibold">
        {doc.state === 'scheduled' ? (
          <>
            Version {doc.label} · takes effect on <When date={doc.effectiveAt} />
          </>
        ) : (
          <>Version {doc.label} · no longer in force</>
        )}
      </p>
      <p className="mt-1">
        {doc.state === 'scheduled' ? (
          <>These terms are not in force yet. Until they take effect, the current terms apply.</>
        ) : (
          <>
            These terms applied from <When date={doc.effectiveAt} />
            {until ? (
              <>
                {' '}
                until <When date={until} />
              </>
            ) : null}{' '}
            and have been replaced.
          </>
        )}{' '}
        <Link to="/terms" className={linkClass}>
          Read the terms in force
        </Link>
        .
      </p>
      <p className="mt-2 font-semibold">{doc.state === 'scheduled' ? 'What changes:' : 'What this version covered:'}</p>
      <MarkdownBody html={doc.summaryHtml} className="mt-1" />
    </div>
  )
}

function ScheduledNotice({ scheduled }: { scheduled: TermsVersionItem }) {
  return (
    <section aria-labelledby="terms-scheduled-title" className="mt-6 rounded-2xl border border-brand-200 bg-brand-50 p-5 text-ink">
      <h2 id="terms-scheduled-title" className="font-semibold">
        New terms take effect on <When date={scheduled.effectiveAt} />
      </h2>
      <MarkdownBody html={scheduled.summaryHtml} className="mt-2" />
      <p className="mt-2">
        <Link to={termsPath(scheduled.label)} className={linkClass}>
          Read the new terms (version {scheduled.label})
        </Link>
      </p>
    </section>
  )
}

const stateLabels: Record<TermsState, string> = { 'in-force': 'In force', superseded: 'Superseded', scheduled: 'Scheduled' }

function VersionList({ versions, current }: { versions: TermsVersionItem[]; current: string }) {
  return (
    <section aria-labelledby="terms-versions-title" className="mt-12 border-t border-gray-200 pt-8">
      <h2 id="terms-versions-title" className="text-xl font-semibold text-ink">
        All versions
      </h2>
      <ul className="mt-4 space-y-3">
        {versions.map((version) => (
          <li key={version.label} className="rounded-xl border border-gray-200 bg-white p-4">
            <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
              {version.label === current ? (
                <span className="font-semibold text-ink" aria-current="page">
                  Version {version.label}
                </span>
              ) : (
                <Link to={version.state === 'in-force' ? '/terms' : termsPath(version.label)} className={linkClass}>
                  Version {version.label}
                </Link>
              )}
              <span className="text-sm text-ink-soft">
                {stateLabels[version.state]} · {version.state === 'scheduled' ? 'takes effect' : 'effective'}{' '}
                <When date={version.effectiveAt} />
              </span>
            </p>
            <MarkdownBody html={version.summaryHtml} className="mt-1 text-sm text-ink-soft [&_li]:mt-1" />
          </li>
        ))}
      </ul>
    </section>
  )
}

export function TermsDocument({
  doc,
  versions,
  scheduled,
}: {
  doc: TermsDocumentData
  versions: TermsVersionItem[]
  scheduled?: TermsVersionItem | null
}) {
  const sections = doc.headings.filter((heading) => heading.level === 2)
  return (
    <div className="grid gap-10 lg:grid-cols-12">
      <div className="min-w-0 lg:col-span-8">
        <PageHeader kicker="Legal" title="Terms of Use">
          <p>The rules for using Cooper Home, for renters, landlords and visitors alike.</p>
        </PageHeader>
        <StateNotice doc={doc} versions={versions} />
        {scheduled ? <ScheduledNotice scheduled={scheduled} /> : null}
        {sections.length > 0 ? (
          <nav aria-label="Sections of the terms" className="mt-8 rounded-2xl border border-gray-200 bg-white p-5 lg:hidden">
            <h2 className="text-sm font-semibold tracking-wider text-ink-soft uppercase">On this page</h2>
            <TableOfContents sections={sections} />
          </nav>
        ) : null}
        <MarkdownBody html={doc.html} className="mt-8" />
        <VersionList versions={versions} current={doc.label} />
      </div>

      {sections.length > 0 ? (
        <nav aria-label="Sections of the terms, beside the text" className="hidden lg:col-span-4 lg:block">
          <div className="sticky top-24 max-h-[calc(100vh-7rem)] overflow-y-auto rounded-2xl border border-gray-200 bg-white p-6">
            <h2 className="text-sm font-semibold tracking-wider text-ink-soft uppercase">On this page</h2>
            <TableOfContents sections={sections} />
          </div>
        </nav>
      ) : null}
    </div>
  )
}

function TableOfContents({ sections }: { sections: { id: string; text: string }[] }) {
  return (
    <ol className="mt-4 list-decimal space-y-2 pl-5 text-sm">
      {sections.map((section) => (
        <li key={section.id}>
          <a href={`#${section.id}`} className="text-brand-700 hover:underline">
            {section.text}
          </a>
        </li>
      ))}
    </ol>
  )
}
