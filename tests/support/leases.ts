// Leases and signing records made up from a seeded random source, for the lease document's tests and
// benchmark: clause texts of ordinary words, signers with their times, addresses and browsers.
import { type LeaseBlock, type LeaseDocument } from '#common/leases/document.ts'
import { type SigningRecord } from '#server/leases/index.server.ts'

const WORDS = (
  'tenant landlord premises rent deposit month notice repair keep clean pay due late fee days written agreement ' +
  'term renew end pets smoking guests utilities water heat electricity trash parking storage key lock access ' +
  'inspection damage wear tear return within law state county city rules quiet hours shared areas insurance ' +
  'liability entry emergency hours reasonable consent assign sublet occupants named herein shall may must not ' +
  'each party any all the of to and in for by on with under this that such as or be is are will upon'
).split(' ')

const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)]!

function sentence(random: () => number): string {
  const words = Array.from({ length: 8 + Math.floor(random() * 18) }, () => pick(random, WORDS))
  return `${words.join(' ').replace(/^./, (c) => c.toUpperCase())}.`
}

const paragraph = (random: () => number) => Array.from({ length: 2 + Math.floor(random() * 5) }, () => sentence(random)).join(' ')

/** One numbered section of a lease: a heading and a few paragraphs, sometimes a list. */
export function leaseSection(random: () => number, n: number): LeaseBlock[] {
  const title = sentence(random).replace(/\.$/, '').split(' ').slice(0, 5).join(' ')
  const blocks: LeaseBlock[] = [{ kind: 'heading', text: `${n}. ${title}` }]
  for (let i = 0, count = 1 + Math.floor(random() * 3); i < count; i += 1) blocks.push({ kind: 'paragraph', text: paragraph(random) })
  if (random() < 0.4) {
    const items = Array.from({ length: 2 + Math.floor(random() * 4) }, () => sentence(random))
    blocks.push({ kind: 'list', items, isOrdered: random() < 0.5 })
  }
  return blocks
}

/** A lease of `sections` sections after its table of terms. */
export function sampleLease(random: () => number, sections: number): LeaseDocument {
  const rent = 900 + Math.floor(random() * 3000)
  const terms: LeaseBlock = {
    kind: 'terms',
    rows: [
      { label: 'Landlord', value: 'Harbor & Vine Properties LLC' },
      { label: 'Tenants', value: 'Ana María Núñez, Zoë O’Brien' },
      { label: 'Premises', value: '1450 Cooper Avenue, Apartment 3B\nPortland, OR 97214' },
      { label: 'Term', value: 'From March 1, 2027 to February 29, 2028 (12 months)' },
      { label: 'Monthly rent', value: `$${rent.toLocaleString('en-US')}.00, due on the 1st of each month` },
      { label: 'Security deposit', value: `$${rent.toLocaleString('en-US')}.00` },
    ],
  }
  const blocks: LeaseBlock[] = [{ kind: 'heading', text: 'Terms' }, terms]
  for (let n = 1; n <= sections; n += 1) blocks.push(...leaseSection(random, n))
  return { title: 'Residential Lease Agreement: 1450 Cooper Avenue, Apartment 3B', version: 1 + Math.floor(random() * 4), blocks }
}

const NAMES = ['Ana María Núñez', 'Zoë O’Brien', 'Wei Chen 陈伟', 'Jamal Ahmed', 'Harbor & Vine Properties LLC', 'Olu Adeyemi']
const AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
]

/** A record of `signers` signers (each consenting, then signing the document) and the events around them. */
export function sampleSigningRecord(random: () => number, documentSha256: string, signers: number): SigningRecord {
  let at = Date.UTC(2027, 1, 10, 15, 0, 0)
  const later = () => new Date((at += Math.floor(random() * 3_600_000)))
  const ip = () => `203.0.113.${1 + Math.floor(random() * 254)}`
  const events: SigningRecord['events'] = [{ at: later(), actor: NAMES[4]!, action: 'sent the lease for signature', ip: ip() }]
  const people = Array.from({ length: signers }, (_, i) => {
    const name = NAMES[i % NAMES.length]!
    const consentedAt = later()
    const signedAt = later()
    const address = ip()
    events.push(
      { at: consentedAt, actor: name, action: 'consented to sign electronically', ip: address },
      { at: signedAt, actor: name, action: 'signed', ip: address },
    )
    if (random() < 0.3) events.push({ at: later(), actor: 'Cooper Home', action: `e-mailed a reminder to ${name}`, ip: null })
    const email = `${name
      .split(' ')[0]!
      .toLowerCase()
      .replace(/[^a-z]/g, '')}${i}@example.com`
    return {
      name,
      email,
      signInMethod: pick(random, ['password', 'e-mail link']),
      consentedAt,
      signedAt,
      ip: address,
      userAgent: pick(random, AGENTS),
      documentSha256,
    }
  })
  return { signers: people, events, sealedAt: later() }
}
