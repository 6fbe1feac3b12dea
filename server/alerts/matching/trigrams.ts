// Trigrams as PostgreSQL's pg_trgm makes them, for telling which saved searches' texts a listing's
// city or neighborhood may be read as the nearest spelling of (its similarity: shared trigrams over
// all trigrams of the two). Each word (a run of letters and digits, lower case) is padded with two
// spaces before and one after, and cut into every run of three characters.

/** The trigrams of a text, as pg_trgm's `show_trgm` gives them (as a set). */
export function trigramsOf(text: string): Set<string> {
  const trigrams = new Set<string>()
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    const padded = [...`  ${word} `]
    for (let i = 0; i + 3 <= padded.length; i += 1) trigrams.add(padded.slice(i, i + 3).join(''))
  }
  return trigrams
}

/** Whether two texts of `a` and `b` trigrams sharing `shared` are at least `threshold` alike. */
export function similarityAtLeast(shared: number, a: number, b: number, threshold: number): boolean {
  const all = a + b - shared
  return all > 0 && shared / all >= threshold
}
