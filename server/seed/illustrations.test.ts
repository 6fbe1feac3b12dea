import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { demoIllustrations, illustrationsForListing } from './illustrations.ts'

describe('demo illustrations', () => {
  const all = demoIllustrations()

  it('draws 32 distinct, described pictures that sharp can render', async () => {
    expect(all).toHaveLength(32)
    expect(new Set(all.map((i) => i.key)).size).toBe(32)
    expect(new Set(all.map((i) => i.altText)).size).toBe(32)
    const meta = await sharp(Buffer.from(all[0]!.svg)).metadata()
    expect(meta).toMatchObject({ width: 1200, height: 800 })
  })

  it('gives each listing 3 to 6 different pictures, its house front first', () => {
    for (let n = 0; n < 40; n += 1) {
      const chosen = illustrationsForListing(n, all)
      expect(chosen.length).toBeGreaterThanOrEqual(3)
      expect(chosen.length).toBeLessThanOrEqual(6)
      expect(chosen[0]!.scene).toBe('house')
      expect(new Set(chosen.map((i) => i.key)).size).toBe(chosen.length)
    }
    expect(illustrationsForListing(0, all)[0]!.key).not.toBe(illustrationsForListing(1, all)[0]!.key)
  })
})
