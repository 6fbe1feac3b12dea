// The Terms of Use page. Long because it is the terms themselves, section by section.
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { PageHeader } from '#app/components/page-header.tsx'
import { siteConfig, telHref } from '#common/site-config.ts'
import { formatDate, isoDate } from '#app/utils/format.ts'
import { pageMeta } from '#app/utils/meta.ts'

export function meta() {
  return pageMeta(
    'Terms of Use',
    'The Terms of Use of Cooper Home: the rules for renters, landlords and visitors of our rental marketplace, in plain language.',
  )
}

type Section = { id: string; title: string; body: ReactNode }

const sections: Section[] = [
  {
    id: 'about',
    title: 'About these terms',
    body: (
      <>
        <p>
          These terms are the agreement between you and {siteConfig.name} ("we", "us") about your use of our web site and its services. By
          creating an account, publishing a listing, sending a message or otherwise using {siteConfig.name}, you agree to them. If you do
          not agree, please do not use the site.
        </p>
        <p>
          We have written them in plain language. Where a word like "listing" or "landlord" is used, it has its everyday meaning: a landlord
          is anyone who offers a home for rent or lease on the site, whether as its owner or as a manager acting for the owner, and a renter
          is anyone looking for a home.
        </p>
      </>
    ),
  },
  {
    id: 'eligibility',
    title: 'Your account',
    body: (
      <>
        <p>
          You must be at least 18 years old and able to enter into a binding contract to create an account. Give us accurate information,
          keep it up to date, and use one account per person.
        </p>
        <p>
          Keep your password to yourself and tell us straight away at {siteConfig.email} if you think someone else has used your account.
          You are responsible for what is done with your account, unless it was used without your permission through no fault of yours. We
          will never ask you for your password.
        </p>
      </>
    ),
  },
  {
    id: 'marketplace',
    title: 'What Cooper Home does, and what it does not',
    body: (
      <>
        <p>
          {siteConfig.name} is a marketplace: it lets landlords publish homes for rent or lease and lets renters find them, compare them and
          contact the landlord. We are not a landlord, a real-estate broker or agent, or a party to any lease or booking you make. The lease
          is an agreement between the renter and the landlord alone.
        </p>
        <p>
          We check listings and act on reports, but we cannot inspect every home or verify everything people tell us. Before you sign or
          pay, see the home (in person or by a live video tour you direct), read the lease, and satisfy yourself that the landlord has the
          right to rent it.
        </p>
        <p>
          The Cooper Index, the knowledge base, the FAQ and the community chat room give general information. They are not legal, financial
          or tax advice. Rules on deposits, notice periods and tenants' rights differ from state to state and city to city; for advice on
          your situation, speak to a qualified professional or a local tenant or landlord organisation.
        </p>
      </>
    ),
  },
  {
    id: 'listings',
    title: 'Rules for landlords and listings',
    body: (
      <>
        <p>When you publish a listing, you confirm and agree that:</p>
        <ul>
          <li>you own the home or are authorised by its owner to rent it out on these terms;</li>
          <li>
            the listing describes the home accurately, and its photos show the home being offered as it is now, without edits that hide
            defects;
          </li>
          <li>
            the monthly cost includes every recurring charge a renter must pay (such as mandatory amenity, parking, pet or utility fees),
            and one-time charges such as deposits and application fees are stated in full;
          </li>
          <li>the home is available on the dates shown, and you will update or withdraw the listing promptly when it is not;</li>
          <li>
            you will comply with the fair housing laws and with all other laws that apply to renting the home, including licensing, safety
            and deposit rules.
          </li>
        </ul>
        <p>
          We may edit the presentation of a listing (for example, resize photos) and may refuse, hide or remove a listing that breaks these
          terms or that we reasonably believe is misleading or fraudulent.
        </p>
      </>
    ),
  },
  {
    id: 'renters',
    title: 'Rules for renters',
    body: (
      <>
        <p>
          Give landlords honest information when you enquire or apply. Do not apply in someone else's name or submit documents that are not
          genuine. Treat the homes you visit and the people who show them with respect.
        </p>
        <p>
          Never send money to someone you have not verified, and never pay by wire transfer, gift card or cryptocurrency for a home you have
          not seen. Our guide <Link to="/knowledge/spotting-rental-scams">Spotting rental scams</Link> explains the warning signs.
        </p>
      </>
    ),
  },
  {
    id: 'fair-housing',
    title: 'Fair housing',
    body: (
      <p>
        Discrimination has no place on {siteConfig.name}. Landlords may not refuse, limit or word a listing on the basis of race, colour,
        religion, sex (including sexual orientation and gender identity), national origin, familial status or disability, or any other
        characteristic protected by federal, state or local law (such as source of income, where protected). Anyone may report a listing or
        message they believe is discriminatory to {siteConfig.email}; we review every report and remove content that breaks this rule.
      </p>
    ),
  },
  {
    id: 'community',
    title: 'Messages and the community chat room',
    body: (
      <>
        <p>
          Use messages to talk about homes, viewings, applications and tenancies. In messages and in the chat room, do not harass, threaten
          or insult anyone; do not post spam, advertising unrelated to renting, or links to malicious sites; and do not share other people's
          personal information without their consent.
        </p>
        <p>
          Messages and chat posts are stored so that conversations are kept and so we can investigate reports of abuse or fraud.
          Administrators may remove posts and limit or close accounts that break these rules.
        </p>
      </>
    ),
  },
  {
    id: 'payments',
    title: 'Payments between renters and landlords',
    body: (
      <p>
        Unless a page clearly says that a payment is processed by {siteConfig.name}, rent, deposits and other payments are made directly
        between renter and landlord. We do not hold those funds and are not responsible for them. If {siteConfig.name} ever charges you for
        a service, the price will be shown to you, and you will be asked to agree, before you are charged.
      </p>
    ),
  },
  {
    id: 'content',
    title: 'Your content',
    body: (
      <>
        <p>
          You keep ownership of what you post: listings, photos, messages, chat posts and your profile. You give us a non-exclusive,
          worldwide, royalty-free licence to host, copy, resize, display and distribute that content for as long as it is on the site and as
          needed to run, improve and promote {siteConfig.name}. Posting it must not break anyone else's rights, such as copyright in photos
          you did not take.
        </p>
        <p>
          To protect your privacy, we re-encode uploaded photos and remove hidden information from them, such as the location where they
          were taken.
        </p>
      </>
    ),
  },
  {
    id: 'conduct',
    title: 'Things nobody may do',
    body: (
      <ul>
        <li>post false, misleading or fraudulent listings, or impersonate another person or company;</li>
        <li>collect other users' personal information, or contact them for purposes unrelated to renting;</li>
        <li>copy listings or data from the site in bulk, or use automated tools that put an unreasonable load on it;</li>
        <li>try to get around security measures, rate limits or the suspension of an account;</li>
        <li>use the site for anything unlawful.</li>
      </ul>
    ),
  },
  {
    id: 'privacy',
    title: 'Your personal information',
    body: (
      <p>
        We use your personal information to run your account and the services you use: to show your listings and profile, deliver your
        messages, send you the e-mails you need (such as confirming your address or resetting your password) and keep the site safe. We do
        not sell your personal information. Your e-mail address is not shown to other users unless you choose to share it. You can ask us at{' '}
        {siteConfig.email} for a copy of your information or for your account to be deleted.
      </p>
    ),
  },
  {
    id: 'suspension',
    title: 'Suspending or closing an account',
    body: (
      <p>
        You can stop using {siteConfig.name} at any time and ask us to close your account. We may suspend or close an account, or remove
        content, if it breaks these terms, if we are required to by law, or to protect other users from fraud or harm. Where it is safe and
        lawful to do so, we will tell you why.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Disclaimers and limits on our liability',
    body: (
      <>
        <p>
          We work to keep {siteConfig.name} available and accurate, but we provide it "as is" and cannot promise that it will always be
          available or free of errors, or that listings and other users' content are accurate.
        </p>
        <p>
          To the extent the law allows, we are not liable for losses that arise from dealings between renters and landlords, from content
          posted by other users, or for indirect or consequential losses. Nothing in these terms limits any liability that cannot be limited
          by law, or your rights as a consumer under the law of your state.
        </p>
      </>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    body: (
      <p>
        We may update these terms as the site and the law change. Each version has a version date, shown at the top of this page. When we
        make a change that matters to you, we will tell you before it takes effect and ask you to accept the new version the next time you
        use the site.
      </p>
    ),
  },
  {
    id: 'law',
    title: 'Governing law',
    body: (
      <p>
        These terms are governed by the laws of the State of Delaware and the federal laws of the United States, without regard to
        conflict-of-law rules. If you have a complaint, please contact us first: most problems are solved quickly that way.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact us',
    body: (
      <address className="not-italic">
        {siteConfig.name}, {siteConfig.address}
        <br />
        E-mail: <a href={`mailto:${siteConfig.email}`}>{siteConfig.email}</a>
        <br />
        Phone: <a href={telHref(siteConfig.phone)}>{siteConfig.phone}</a>
      </address>
    ),
  },
]

export default function Terms() {
  const version = siteConfig.termsVersion
  return (
    <div className="grid gap-10 lg:grid-cols-12">
      <div className="lg:col-span-8">
        <PageHeader kicker="Legal" title="Terms of Use">
          <p>The rules for using {siteConfig.name}, for renters, landlords and visitors alike.</p>
        </PageHeader>
        <p className="mt-4 inline-block rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-800">
          Version {version} · effective <time dateTime={isoDate(version)}>{formatDate(version)}</time>
        </p>

        <div className="mt-10 space-y-10">
          {sections.map((section, index) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`}>
              <h2 id={`${section.id}-title`} className="text-xl font-semibold text-ink">
                {index + 1}. {section.title}
              </h2>
              <div className="mt-3 space-y-4 leading-7 text-ink [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 [&_li]:mt-2 [&_ul]:list-disc [&_ul]:pl-6">
                {section.body}
              </div>
            </section>
          ))}
        </div>
      </div>

      <nav aria-label="Sections of the terms" className="hidden lg:col-span-4 lg:block">
        <div className="sticky top-24 rounded-2xl border border-gray-200 bg-white p-6">
          <h2 className="text-sm font-semibold tracking-wider text-ink-soft uppercase">On this page</h2>
          <ol className="mt-4 space-y-2 text-sm">
            {sections.map((section, index) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="text-brand-700 hover:underline">
                  {index + 1}. {section.title}
                </a>
              </li>
            ))}
          </ol>
        </div>
      </nav>
    </div>
  )
}
