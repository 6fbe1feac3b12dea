// `npm run seed`: creates the demo data in the configured database (DATA_DIR or DATABASE_URL) if it
// is not there yet — the same seed `npm start` runs on a fresh database.
import { parseConfig } from '../server/config.server.ts'

const config = parseConfig({ ...process.env, SEED_DEMO_DATA: 'true' })
const { createServices } = await import('../server/services.server.ts')
const services = await createServices(config)
await services.close()
console.log('Demo data is in place.')
