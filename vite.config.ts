import fs from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig, type Plugin } from 'vite'

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), precompressAssets()],
  build: { target: 'es2022' },
})

/**
 * Writes a Brotli (quality 11) and a gzip (level 9) copy beside every text file of 1 KB or more in
 * the client build, once, so the server sends them as they are (serveStatic's `precompressed`)
 * instead of compressing the same bytes on every request.
 */
function precompressAssets(): Plugin {
  const brotli = promisify(zlib.brotliCompress)
  const gzip = promisify(zlib.gzip)
  return {
    name: 'cooper:precompress-assets',
    apply: 'build',
    async writeBundle(output, bundle) {
      if (this.environment.name !== 'client' || !output.dir) return
      const texts = Object.keys(bundle).filter((name) => /\.(js|mjs|css|svg|json|txt|webmanifest)$/.test(name))
      await Promise.all(
        texts.map(async (name) => {
          const file = path.join(output.dir!, name)
          const bytes = await fs.readFile(file)
          if (bytes.length < 1024) return
          const [br, gz] = await Promise.all([
            brotli(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
            gzip(bytes, { level: 9 }),
          ])
          await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)])
        }),
      )
    },
  }
}
