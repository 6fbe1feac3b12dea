// LIKE patterns from text people type: `%`, `_` and the escape character stand for themselves.

/** The text with LIKE's wildcards escaped (PostgreSQL's default escape character, backslash). */
export const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`)
