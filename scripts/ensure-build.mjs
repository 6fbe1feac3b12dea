// `npm start` on a fresh clone: build first when there is no build yet.
import { execSync } from 'node:child_process'
import fs from 'node:fs'

if (!fs.existsSync('build/server/index.js')) {
  console.log('No build found: building Cooper Home first (npm run build)…')
  execSync('npm run build', { stdio: 'inherit' })
}
