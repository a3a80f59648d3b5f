// The PostgreSQL server the store's tests run on: bench/embedded-postgres.ts (the fleet bench starts the same one).
export { startEmbeddedPostgres as startTestPostgres, type TestPostgres } from '../../bench/embedded-postgres.js'
