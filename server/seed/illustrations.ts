// Drawn illustrations for the demo listings' photos: four scenes (a house front, a living room, a
// bedroom, a kitchen) in eight colour schemes, as SVG that sharp renders at seed time. Pure and
// deterministic, so the same seed always draws the same pictures.

export const ILLUSTRATION_WIDTH = 1200
export const ILLUSTRATION_HEIGHT = 800

export type Scene = 'house' | 'living-room' | 'bedroom' | 'kitchen'
export const SCENES: Scene[] = ['house', 'living-room', 'bedroom', 'kitchen']

type Palette = { name: string; wall: string; accent: string; trim: string; floor: string; sky: string }

export const PALETTES: Palette[] = [
  { name: 'sage green', wall: '#9db89a', accent: '#b5483a', trim: '#f4f1ea', floor: '#a8794f', sky: '#bfe0f2' },
  { name: 'navy blue', wall: '#34507a', accent: '#e0a526', trim: '#f2f2ee', floor: '#8a5a3b', sky: '#cfe6f5' },
  { name: 'warm cream', wall: '#efe2c4', accent: '#2f6d62', trim: '#ffffff', floor: '#b98b5e', sky: '#a9d3ee' },
  { name: 'terracotta', wall: '#c9714f', accent: '#24453f', trim: '#f6eee3', floor: '#7d5436', sky: '#d9ecf7' },
  { name: 'slate grey', wall: '#7b8791', accent: '#c23b4a', trim: '#fafafa', floor: '#9b7653', sky: '#bcdcef' },
  { name: 'butter yellow', wall: '#f1d27a', accent: '#3b5ba5', trim: '#ffffff', floor: '#a06f45', sky: '#c6e5f6' },
  { name: 'dusty rose', wall: '#d9a5a0', accent: '#2d5d7b', trim: '#fbf6f2', floor: '#8e6443', sky: '#d3e9f6' },
  { name: 'forest green', wall: '#2f5b45', accent: '#e8b04b', trim: '#f3efe6', floor: '#6f4c31', sky: '#b7d9ee' },
]

export type Illustration = { key: string; scene: Scene; palette: Palette; altText: string; svg: string }

const W = ILLUSTRATION_WIDTH
const H = ILLUSTRATION_HEIGHT

function house(p: Palette): string {
  const windows = [260, 470, 730, 940]
    .map(
      (x) =>
        `<rect x="${x - 60}" y="330" width="120" height="110" fill="${p.sky}" stroke="${p.trim}" stroke-width="12"/>` +
        `<line x1="${x}" y1="330" x2="${x}" y2="440" stroke="${p.trim}" stroke-width="6"/>`,
    )
    .join('')
  return `
    <rect width="${W}" height="${H}" fill="${p.sky}"/>
    <circle cx="1040" cy="120" r="60" fill="#fff4c2"/>
    <rect y="640" width="${W}" height="160" fill="#7fae5b"/>
    <polygon points="120,280 600,90 1080,280" fill="${p.accent}"/>
    <rect x="150" y="270" width="900" height="380" fill="${p.wall}"/>
    ${windows}
    <rect x="540" y="470" width="120" height="180" fill="${p.accent}" stroke="${p.trim}" stroke-width="10"/>
    <circle cx="640" cy="565" r="7" fill="${p.trim}"/>
    <rect x="500" y="650" width="200" height="20" fill="#c9c2b5"/>
    <rect x="180" y="520" width="260" height="120" fill="${p.sky}" stroke="${p.trim}" stroke-width="12"/>
    <rect x="760" y="520" width="260" height="120" fill="${p.sky}" stroke="${p.trim}" stroke-width="12"/>
    <ellipse cx="90" cy="640" rx="80" ry="60" fill="#5c8f44"/>
    <ellipse cx="1120" cy="640" rx="90" ry="64" fill="#5c8f44"/>`
}

function livingRoom(p: Palette): string {
  return `
    <rect width="${W}" height="${H}" fill="${p.wall}"/>
    <rect y="600" width="${W}" height="200" fill="${p.floor}"/>
    <rect x="760" y="120" width="300" height="340" fill="${p.sky}" stroke="${p.trim}" stroke-width="16"/>
    <line x1="910" y1="120" x2="910" y2="460" stroke="${p.trim}" stroke-width="10"/>
    <rect x="180" y="170" width="260" height="170" fill="${p.trim}"/>
    <rect x="200" y="190" width="220" height="130" fill="${p.accent}" opacity="0.7"/>
    <rect x="120" y="430" width="520" height="170" rx="30" fill="${p.accent}"/>
    <rect x="150" y="380" width="460" height="110" rx="30" fill="${p.accent}" opacity="0.85"/>
    <rect x="100" y="470" width="70" height="130" rx="20" fill="${p.accent}"/>
    <rect x="590" y="470" width="70" height="130" rx="20" fill="${p.accent}"/>
    <ellipse cx="390" cy="700" rx="240" ry="50" fill="${p.trim}" opacity="0.6"/>
    <rect x="300" y="620" width="180" height="20" fill="#5a3d2b"/>
    <rect x="880" y="520" width="40" height="80" fill="#5a3d2b"/>
    <circle cx="900" cy="480" r="70" fill="#4f8a4a"/>`
}

function bedroom(p: Palette): string {
  return `
    <rect width="${W}" height="${H}" fill="${p.wall}"/>
    <rect y="620" width="${W}" height="180" fill="${p.floor}"/>
    <rect x="120" y="140" width="260" height="300" fill="${p.sky}" stroke="${p.trim}" stroke-width="16"/>
    <rect x="470" y="260" width="560" height="160" rx="20" fill="#5a3d2b"/>
    <rect x="440" y="400" width="620" height="200" rx="24" fill="${p.trim}"/>
    <rect x="440" y="470" width="620" height="130" rx="20" fill="${p.accent}"/>
    <rect x="500" y="350" width="200" height="80" rx="30" fill="#ffffff"/>
    <rect x="800" y="350" width="200" height="80" rx="30" fill="#ffffff"/>
    <rect x="1080" y="470" width="90" height="150" fill="#5a3d2b"/>
    <polygon points="1095,400 1155,400 1140,460 1110,460" fill="#fff4c2"/>`
}

function kitchen(p: Palette): string {
  const cabinets = [0, 1, 2, 3, 4]
    .map((i) => `<rect x="${120 + i * 190}" y="120" width="170" height="180" fill="${p.accent}" stroke="${p.trim}" stroke-width="8"/>`)
    .join('')
  const lower = [0, 1, 2, 3, 4]
    .map((i) => `<rect x="${120 + i * 190}" y="460" width="170" height="200" fill="${p.accent}" stroke="${p.trim}" stroke-width="8"/>`)
    .join('')
  return `
    <rect width="${W}" height="${H}" fill="${p.wall}"/>
    <rect y="660" width="${W}" height="140" fill="${p.floor}"/>
    ${cabinets}
    <rect x="100" y="420" width="970" height="40" fill="${p.trim}"/>
    ${lower}
    <rect x="520" y="320" width="160" height="100" fill="${p.sky}" stroke="${p.trim}" stroke-width="10"/>
    <rect x="720" y="400" width="120" height="20" fill="#3a3a3a"/>
    <circle cx="330" cy="400" r="22" fill="#4f8a4a"/>
    <rect x="316" y="400" width="28" height="22" fill="#8a5a3b"/>
    <rect x="1090" y="160" width="70" height="500" fill="#d8d8d8" stroke="${p.trim}" stroke-width="6"/>`
}

const drawings: Record<Scene, (p: Palette) => string> = {
  house,
  'living-room': livingRoom,
  bedroom,
  kitchen,
}

const describe: Record<Scene, (p: Palette) => string> = {
  house: (p) => `Drawing of the home's front: a ${p.name} facade with a pitched roof, four windows and a front door`,
  'living-room': (p) => `Drawing of the living room: ${p.name} walls, a sofa, a framed picture and a tall window`,
  bedroom: (p) => `Drawing of a bedroom: ${p.name} walls, a double bed with two pillows and a bedside lamp`,
  kitchen: (p) => `Drawing of the kitchen: ${p.name} walls, a row of cabinets, a counter and a small window`,
}

/** Every illustration, scene by scene, one per palette. */
export function demoIllustrations(): Illustration[] {
  return SCENES.flatMap((scene) =>
    PALETTES.map((palette, i) => ({
      key: `demo-${scene}-${i + 1}`,
      scene,
      palette,
      altText: describe[scene](palette),
      svg: `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${drawings[scene](palette)}</svg>`,
    })),
  )
}

/**
 * The illustrations of the `n`th demo listing: 3 to 6, the house front first, each scene in a
 * colour scheme chosen by the listing so neighbouring listings look different.
 */
export function illustrationsForListing(n: number, all: Illustration[]): Illustration[] {
  const count = 3 + (n % 4)
  const scenes: Scene[] = ['house', 'living-room', 'kitchen', 'bedroom', 'bedroom', 'living-room'].slice(0, count) as Scene[]
  return scenes.map((scene, k) => {
    const palette = (n * 5 + k * 3) % PALETTES.length
    return all.find((ill) => ill.scene === scene && ill.key === `demo-${scene}-${palette + 1}`)!
  })
}
