/**
 * The PostgreSQL store's schema, as numbered migrations kept here in the repository (not in files beside the
 * build, so the packaged cedar carries them). Each is applied once, in order, inside one transaction that holds an
 * advisory lock: bots starting together against a new database migrate it once, and a half-applied migration is
 * never seen. Never edit a migration that has shipped: add the next one.
 */
import type { Sql } from 'postgres'

export interface Migration {
  readonly id: string
  readonly sql: string
}

/** The NOTIFY channel a saved or removed record is announced on (payload: `{"kind", "name", "version"}`). */
export const CHANGE_CHANNEL = 'cedar_records'
/** The NOTIFY channel a change to a world's fleet laws is announced on (payload: the world's scope). */
export const LAWS_CHANNEL = 'cedar_laws'

export const MIGRATIONS: readonly Migration[] = [
  {
    id: '001-records',
    sql: `
      CREATE TABLE cedar_records (
        kind text NOT NULL CHECK (kind IN ('skill', 'constraint')),
        name text NOT NULL,
        -- The record's own version, kept in a column too: saves compare and bump it (optimistic concurrency).
        version integer NOT NULL CHECK (version >= 1),
        -- The record exactly as the JSON store writes it (schema, versions and times included), validated on read.
        record jsonb NOT NULL,
        saved_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (kind, name)
      );
      -- Every change is announced from the database itself, whoever made it (a bot, a psql session), once it commits.
      CREATE FUNCTION cedar_records_notify() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'DELETE' THEN
          PERFORM pg_notify('${CHANGE_CHANNEL}', json_build_object('kind', OLD.kind, 'name', OLD.name, 'version', 0)::text);
          RETURN OLD;
        END IF;
        PERFORM pg_notify('${CHANGE_CHANNEL}', json_build_object('kind', NEW.kind, 'name', NEW.name, 'version', NEW.version)::text);
        RETURN NEW;
      END $$;
      CREATE TRIGGER cedar_records_changed AFTER INSERT OR UPDATE OR DELETE ON cedar_records
        FOR EACH ROW EXECUTE FUNCTION cedar_records_notify();
    `,
  },
  {
    id: '002-trajectories',
    sql: `
      -- The critic's trajectories of every bot on the store, one log per world scope ('*': shared by all worlds).
      CREATE TABLE cedar_trajectories (
        seq bigserial PRIMARY KEY,
        scope text NOT NULL,
        bot text NOT NULL,
        id text NOT NULL,
        trajectory jsonb NOT NULL,
        logged_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX cedar_trajectories_scope ON cedar_trajectories (scope, seq);
      -- How far each bot's critic has read a scope's log: the id of the last trajectory it took in.
      CREATE TABLE cedar_critic_cursors (
        scope text NOT NULL,
        reader text NOT NULL,
        last text NOT NULL,
        PRIMARY KEY (scope, reader)
      );
    `,
  },
  {
    id: '003-laws',
    sql: `
      -- The critic's laws a fleet shares (option criticLaws: 'fleet'), per world scope, keyed by their text's hash.
      CREATE TABLE cedar_laws (
        scope text NOT NULL,
        key text NOT NULL,
        law jsonb NOT NULL,
        PRIMARY KEY (scope, key)
      );
      CREATE TABLE cedar_rejected_laws (
        scope text NOT NULL,
        text text NOT NULL,
        rejected_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (scope, text)
      );
    `,
  },
  {
    id: '004-learning-claims',
    sql: `
      -- Which bot is learning a record now: the others wait for its save instead of asking the teacher the same
      -- questions at the same time. A claim whose holder died lapses at expires_at.
      CREATE TABLE cedar_learning_claims (
        kind text NOT NULL,
        name text NOT NULL,
        holder text NOT NULL,
        expires_at timestamptz NOT NULL,
        PRIMARY KEY (kind, name)
      );
    `,
  },
  {
    id: '005-law-changes',
    sql: `
      -- A fleet law accepted, changed or dropped on one bot is announced to the bots already in its world.
      CREATE FUNCTION cedar_laws_notify() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('${LAWS_CHANNEL}', CASE WHEN TG_OP = 'DELETE' THEN OLD.scope ELSE NEW.scope END);
        RETURN NULL;
      END $$;
      CREATE TRIGGER cedar_laws_changed AFTER INSERT OR UPDATE OR DELETE ON cedar_laws
        FOR EACH ROW EXECUTE FUNCTION cedar_laws_notify();
    `,
  },
]

/** The NOTIFY channel a learning claim let go of is announced on (payload: `kind/name`). */
export const CLAIMS_CHANNEL = 'cedar_learning_claims'

/** Any number for the advisory lock, the same in every cedar: "cedar" in ASCII. */
const MIGRATION_LOCK = 0x6365646172

/**
 * Brings the database up to this cedar's schema. A database already migrated further by a newer cedar is refused
 * with the migrations this one does not know, rather than written with an older idea of its tables.
 */
export async function migrate(sql: Sql): Promise<void> {
  await sql.begin(async (tx) => {
    await tx`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`
    await tx`CREATE TABLE IF NOT EXISTS cedar_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`
    const applied = new Set((await tx<{ id: string }[]>`SELECT id FROM cedar_migrations`).map((row) => row.id))
    const known = new Set(MIGRATIONS.map((m) => m.id))
    const unknown = [...applied].filter((id) => !known.has(id)).sort()
    if (unknown.length > 0) {
      throw new Error(
        `the database was migrated by a newer cedar (${unknown.join(', ')}); update cedar to use this store`,
      )
    }
    for (const migration of MIGRATIONS) {
      if (applied.has(migration.id)) continue
      await tx.unsafe(migration.sql)
      await tx`INSERT INTO cedar_migrations (id) VALUES (${migration.id})`
    }
  })
}
