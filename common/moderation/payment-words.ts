// Finds the requests for payment that rental scams use (wire transfers, gift cards, cryptocurrency) in
// a listing's text, so such a listing is held out of search before anyone pays. Careful by design: a
// term counts only in a sentence that speaks of paying (crypto and gift cards; "Bitcoin ATM nearby"
// does not), never when a negation comes before it in its clause ("we never ask for wire transfers"), and
// "Western" alone (Western Avenue) is nothing. An administrator's approval clears a text for good.

/** Wiring money, which cannot be taken back: a request on its own. */
const STRONG_TERMS: [RegExp, string][] = [
  [/\bwire[ds]?\s+(?:transfers?|the\s+(?:money|deposit|rent|funds|payment)|(?:money|funds|payments?))\b/, 'wire transfer'],
  [/\bwiring\s+(?:the\s+)?(?:money|deposit|rent|funds|payment)\b/, 'wire transfer'],
  [/\bbank\s+wire\b/, 'wire transfer'],
]

/** Money services, gift cards and crypto: a request only in a sentence about paying (not an office or an ATM nearby). */
const CONTEXT_TERMS: [RegExp, string][] = [
  [/\bwestern\s+union\b/, 'Western Union'],
  [/\bmoneygram\b/, 'MoneyGram'],
  [/\b(?:gift|itunes|google\s+play|steam|apple|amazon|vanilla|prepaid)\s*(?:gift\s*)?cards?\b/, 'gift cards'],
  [/\b(?:bitcoins?|btc|ethereum|eth|usdt|tether|litecoin|dogecoin|crypto(?:currency|currencies)?)\b/, 'cryptocurrency'],
]

const PAYING =
  /\b(?:pay|pays|paid|paying|payments?|send|sent|sending|deposits?|rent|fees?|transfer|accept|accepted|accepts|only|wallet|upfront|advance|hold\s+the\s+(?:home|unit|apartment|house))\b/

const NEGATION = /\b(?:no|never|not|don'?t|do\s+not|won'?t|will\s+not|without|nor)\b/

/** The clause before `index` in `sentence` (from the last comma, colon or dash), where a negation would sit. */
function clauseBefore(sentence: string, index: number): string {
  const before = sentence.slice(0, index)
  return before.slice(Math.max(before.lastIndexOf(','), before.lastIndexOf(':'), before.lastIndexOf(' - ')) + 1)
}

/** The kinds of payment request found in the text ('wire transfer', 'gift cards', …), each once; none for clean text. */
export function findPaymentWords(text: string): string[] {
  const found = new Set<string>()
  const sentences = text
    .toLowerCase()
    .replace(/[’`]/g, "'")
    .split(/[.!?;\n]+/)
  for (const sentence of sentences) {
    const hasPaying = PAYING.test(sentence)
    for (const [pattern, label] of [...STRONG_TERMS, ...CONTEXT_TERMS]) {
      const isStrong = STRONG_TERMS.some(([p]) => p === pattern)
      const global = new RegExp(pattern.source, 'g')
      for (const match of sentence.matchAll(global)) {
        if (!isStrong && !hasPaying) continue
        if (NEGATION.test(clauseBefore(sentence, match.index))) continue
        found.add(label)
      }
    }
  }
  return [...found]
}

/** True when a listing's title or description asks for payment the scam way. */
export function asksForRiskyPayment(listing: { title: string; description: string }): boolean {
  return findPaymentWords(`${listing.title}.\n${listing.description}`).length > 0
}
