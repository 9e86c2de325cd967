-- Logs partitioned by month of created_at (unix seconds, UTC months), so retention drops whole months instead of
-- deleting rows one by one. This file is also the whole schema of a separate log database (LOG_SQL_DSN: migrate.ts
-- applies only the *_logs_* files there), hence the table is created first when missing, exactly as 0001 does.
--
-- Partitions: logs_YYYY_MM for each month, created ahead by the log retention job; logs_default catches a row no
-- month covers yet (a clock far ahead), and a month created later takes its rows out of it; logs_legacy is the
-- table as it was before this migration, attached whole (no row is copied) for the months it holds.
-- ids keep coming from the one sequence the table always had, so they stay unique and increasing across
-- partitions; the primary key is (id, created_at) because a partitioned table's unique keys must hold its key.

CREATE TABLE IF NOT EXISTS logs (
  id                bigserial PRIMARY KEY,
  user_id           bigint NOT NULL DEFAULT 0,
  created_at        bigint NOT NULL DEFAULT 0,
  type              bigint NOT NULL DEFAULT 0,
  content           text NOT NULL DEFAULT '',
  username          text NOT NULL DEFAULT '',
  token_name        text NOT NULL DEFAULT '',
  model_name        text NOT NULL DEFAULT '',
  quota             bigint NOT NULL DEFAULT 0,
  prompt_tokens     bigint NOT NULL DEFAULT 0,
  completion_tokens bigint NOT NULL DEFAULT 0,
  use_time          bigint NOT NULL DEFAULT 0,
  is_stream         boolean NOT NULL DEFAULT false,
  channel_id        bigint NOT NULL DEFAULT 0,
  token_id          bigint NOT NULL DEFAULT 0,
  "group"           text NOT NULL DEFAULT '',
  other             text NOT NULL DEFAULT ''
);
CREATE INDEX IF NOT EXISTS idx_created_at_id ON logs (id, created_at);
CREATE INDEX IF NOT EXISTS idx_created_at_type ON logs (created_at, type);
CREATE INDEX IF NOT EXISTS idx_logs_user_id ON logs (user_id);
CREATE INDEX IF NOT EXISTS idx_logs_username ON logs (username);
CREATE INDEX IF NOT EXISTS index_username_model_name ON logs (model_name, username);
CREATE INDEX IF NOT EXISTS idx_logs_token_name ON logs (token_name);
CREATE INDEX IF NOT EXISTS idx_logs_model_name ON logs (model_name);
CREATE INDEX IF NOT EXISTS idx_logs_channel_id ON logs (channel_id);
CREATE INDEX IF NOT EXISTS idx_logs_token_id ON logs (token_id);
CREATE INDEX IF NOT EXISTS idx_logs_group ON logs ("group");

-- The first second of the UTC month holding t, and of the month after it.
CREATE OR REPLACE FUNCTION ferryman_month_start(t bigint, months_later int DEFAULT 0) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT extract(epoch FROM date_trunc('month', to_timestamp(t) AT TIME ZONE 'UTC') + make_interval(months => months_later))::bigint
$$;

-- The upper bound of a partition (null for the default partition; MAXVALUE never occurs here).
CREATE OR REPLACE FUNCTION ferryman_logs_partition_upper(part regclass) RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT substring(pg_get_expr(c.relpartbound, c.oid) FROM 'TO \(''?(-?[0-9]+)''?\)')::bigint
  FROM pg_class c WHERE c.oid = part
$$;

-- Creates the partition of the month holding t unless a partition already covers that month; true when created.
-- Rows of that month in logs_default move into it. Serialized, so nodes racing here do not collide.
CREATE OR REPLACE FUNCTION ferryman_logs_add_partition(t bigint) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  lo bigint := ferryman_month_start(t);
  hi bigint := ferryman_month_start(t, 1);
  part text := 'logs_' || to_char(to_timestamp(lo) AT TIME ZONE 'UTC', 'YYYY_MM');
BEGIN
  PERFORM pg_advisory_xact_lock(7463020);
  IF to_regclass(part) IS NOT NULL THEN RETURN false; END IF;
  -- the legacy partition (or a hand-made one) may already cover the month
  IF EXISTS (
    SELECT 1 FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
    WHERE i.inhparent = 'logs'::regclass
      AND pg_get_expr(c.relpartbound, c.oid) <> 'DEFAULT'
      AND ferryman_logs_partition_upper(c.oid) > lo
      AND COALESCE(substring(pg_get_expr(c.relpartbound, c.oid) FROM 'FROM \(''?(-?[0-9]+)''?\)')::bigint, -9223372036854775808) < hi
  ) THEN RETURN false; END IF;
  EXECUTE format('CREATE TABLE %I (LIKE logs INCLUDING DEFAULTS)', part);
  IF to_regclass('logs_default') IS NOT NULL THEN
    EXECUTE format('WITH moved AS (DELETE FROM logs_default WHERE created_at >= %s AND created_at < %s RETURNING *)
                    INSERT INTO %I SELECT * FROM moved', lo, hi, part);
  END IF;
  -- attaching builds the partitioned table's indexes on it
  EXECUTE format('ALTER TABLE logs ATTACH PARTITION %I FOR VALUES FROM (%s) TO (%s)', part, lo, hi);
  RETURN true;
END
$$;

-- The partitions of the months from t's to `ahead` months after it; how many were created.
CREATE OR REPLACE FUNCTION ferryman_logs_ensure_partitions(t bigint, ahead int) RETURNS int LANGUAGE plpgsql AS $$
DECLARE
  created int := 0;
BEGIN
  FOR m IN 0..ahead LOOP
    IF ferryman_logs_add_partition(ferryman_month_start(t, m)) THEN created := created + 1; END IF;
  END LOOP;
  RETURN created;
END
$$;

-- Drops every partition whose rows are all older than `before`, returning how many rows they held. A partition
-- that cannot be locked within a few seconds (a long report reading it) is left for the next run rather than
-- making every log insert queue behind the drop.
CREATE OR REPLACE FUNCTION ferryman_logs_drop_before(before bigint) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  p record;
  n bigint;
  total bigint := 0;
BEGIN
  PERFORM set_config('lock_timeout', '5s', true);
  FOR p IN
    SELECT c.oid::regclass AS part FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
    WHERE i.inhparent = 'logs'::regclass AND ferryman_logs_partition_upper(c.oid) <= before
  LOOP
    EXECUTE format('SELECT count(*) FROM %s', p.part) INTO n;
    EXECUTE format('DROP TABLE %s', p.part);
    total := total + n;
  END LOOP;
  RETURN total;
END
$$;

-- The conversion of a plain logs table (0001's, or new-api's with its own extra columns and indexes).
DO $$
DECLARE
  defs text[];
  def text;
  ix record;
  seq text;
  upper_bound bigint;
  now_s bigint := extract(epoch FROM now())::bigint;
BEGIN
  IF (SELECT relkind FROM pg_class WHERE oid = 'logs'::regclass) = 'p' THEN RETURN; END IF;

  -- The non-unique indexes, to be made again on the partitioned table under the same names (a unique one could
  -- not be: it would have to include created_at). Attaching the old table then adopts its copies, unbuilt.
  SELECT array_agg(pg_get_indexdef(i.indexrelid)) INTO defs FROM pg_index i
  WHERE i.indrelid = 'logs'::regclass AND NOT i.indisunique;
  seq := pg_get_serial_sequence('logs', 'id');

  ALTER TABLE logs RENAME TO logs_legacy;
  FOR ix IN SELECT c.relname FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE i.indrelid = 'logs_legacy'::regclass LOOP
    EXECUTE format('ALTER INDEX %I RENAME TO %I', ix.relname, left('logs_legacy_' || ix.relname, 63));
  END LOOP;

  CREATE TABLE logs (LIKE logs_legacy INCLUDING DEFAULTS) PARTITION BY RANGE (created_at);
  ALTER TABLE logs ADD PRIMARY KEY (id, created_at);
  FOREACH def IN ARRAY COALESCE(defs, '{}') LOOP EXECUTE def; END LOOP;
  -- the sequence must outlive the old table, which retention drops one day
  IF seq IS NOT NULL THEN EXECUTE format('ALTER SEQUENCE %s OWNED BY logs.id', seq); END IF;

  IF EXISTS (SELECT 1 FROM logs_legacy) THEN
    -- a partition takes its table's primary key, (id, created_at), built on attaching
    FOR ix IN SELECT conname AS relname FROM pg_constraint WHERE conrelid = 'logs_legacy'::regclass AND contype = 'p' LOOP
      EXECUTE format('ALTER TABLE logs_legacy DROP CONSTRAINT %I', ix.relname);
    END LOOP;
    -- the old rows stay where they are, as the partition of everything before the month after the newest of them
    SELECT ferryman_month_start(GREATEST(now_s, COALESCE(max(created_at), 0)), 1) INTO upper_bound FROM logs_legacy;
    EXECUTE format('ALTER TABLE logs ATTACH PARTITION logs_legacy FOR VALUES FROM (MINVALUE) TO (%s)', upper_bound);
  ELSE
    DROP TABLE logs_legacy;
  END IF;
  CREATE TABLE logs_default PARTITION OF logs DEFAULT;
  PERFORM ferryman_logs_ensure_partitions(now_s, 2);
END
$$;
