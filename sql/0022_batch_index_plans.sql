-- The batch statements find their rows by primary key whatever the tables' statistics say. Each joined users,
-- tokens (and quota_leases, channels) to its JSON list of items directly: `WHERE id IN (SELECT … FROM
-- json_array_elements(…))` to lock the rows, `UPDATE … FROM json_to_recordset(…)` to change them. The planner
-- takes any set-returning function over JSON for 100 rows, so once a table had statistics (ANALYZE: the embedded
-- database's upkeep, PostgreSQL's autovacuum) and a few thousand rows, it hashed the list and read the whole table
-- for every batch: 10 000 users, 30 items locked in 11 ms by a full scan against 0.4 ms through the primary key.
-- The lists are now read into arrays first: `= ANY (array)` and `unnest(arrays)` are estimated at their length
-- (or at 10 in a generic plan), so the planner goes by primary key unless a batch holds much of the table.
--
-- quota_leases empties whenever every slice is home, and its statistics are often taken then. A session plans (and
-- caches) the statements of the lease functions for the table as it is then, tiny: a full scan, which once the
-- table had grown under load read every slice's row, dead ones included, for each slice (a refill batch 18 ms, a
-- hand-back batch 19, on 10 000 owners). The two lease batch functions, the only lease statements the gateway
-- sends, run with `enable_seqscan = off`, so they and every function they call are planned by key.
--
-- Together with the indexes below, bench/many-owners.ts with statistics served 2–4 times the requests. Otherwise
-- the functions are those of sql/0018, sql/0020 and sql/0021, in the same lock order.

-- ferryman_reserve_many (sql/0018)
CREATE OR REPLACE FUNCTION ferryman_reserve_many(p_items json)
RETURNS TABLE (idx integer, status integer, user_quota bigint, token_quota bigint)
LANGUAGE plpgsql AS $$
DECLARE
  item json;
  i integer := 0;
  r record;
  v_tokens bigint[] := ARRAY(SELECT (x->>'t')::bigint FROM json_array_elements(p_items) x);
  v_users bigint[] := ARRAY(SELECT (x->>'u')::bigint FROM json_array_elements(p_items) x);
BEGIN
  PERFORM 1 FROM tokens WHERE id = ANY (v_tokens) ORDER BY id FOR UPDATE;
  PERFORM 1 FROM users WHERE id = ANY (v_users) ORDER BY id FOR UPDATE;
  FOR item IN SELECT * FROM json_array_elements(p_items) LOOP
    SELECT * INTO r FROM ferryman_reserve((item->>'u')::bigint, (item->>'t')::bigint, (item->>'a')::bigint);
    idx := i; status := r.status; user_quota := r.user_quota; token_quota := r.token_quota;
    RETURN NEXT;
    i := i + 1;
  END LOOP;
END $$;

-- ferryman_counters (sql/0020)
CREATE OR REPLACE FUNCTION ferryman_counters(p_writer text, p_seq bigint, p_known_below bigint, p_users json,
  p_tokens json, p_channels json)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_id bigint[];
  v_q bigint[];
  v_u bigint[];
  v_x bigint[];
BEGIN
  IF NOT ferryman_claim(p_writer, p_seq, p_known_below) THEN RETURN; END IF;
  SELECT coalesce(array_agg(d.id), '{}'), coalesce(array_agg(d.q), '{}'), coalesce(array_agg(d.u), '{}'), coalesce(array_agg(d.a), '{}')
    INTO v_id, v_q, v_u, v_x FROM json_to_recordset(p_tokens) AS d(id bigint, q bigint, u bigint, a bigint);
  PERFORM 1 FROM tokens WHERE id = ANY (v_id) ORDER BY id FOR UPDATE;
  UPDATE tokens SET remain_quota = tokens.remain_quota - d.q, used_quota = tokens.used_quota + d.u,
                    accessed_time = GREATEST(tokens.accessed_time, d.a)
    FROM unnest(v_id, v_q, v_u, v_x) AS d(id, q, u, a) WHERE tokens.id = d.id;
  SELECT coalesce(array_agg(d.id), '{}'), coalesce(array_agg(d.q), '{}'), coalesce(array_agg(d.u), '{}'), coalesce(array_agg(d.r), '{}')
    INTO v_id, v_q, v_u, v_x FROM json_to_recordset(p_users) AS d(id bigint, q bigint, u bigint, r bigint);
  PERFORM 1 FROM users WHERE id = ANY (v_id) ORDER BY id FOR UPDATE;
  UPDATE users SET quota = users.quota - d.q, used_quota = users.used_quota + d.u, request_count = users.request_count + d.r
    FROM unnest(v_id, v_q, v_u, v_x) AS d(id, q, u, r) WHERE users.id = d.id;
  SELECT coalesce(array_agg(d.id), '{}'), coalesce(array_agg(d.u), '{}')
    INTO v_id, v_u FROM json_to_recordset(p_channels) AS d(id bigint, u bigint);
  PERFORM 1 FROM channels WHERE id = ANY (v_id) ORDER BY id FOR UPDATE;
  UPDATE channels SET used_quota = channels.used_quota + d.u FROM unnest(v_id, v_u) AS d(id, u) WHERE channels.id = d.id;
END $$;

-- ferryman_lease_return_many (sql/0021)
CREATE OR REPLACE FUNCTION ferryman_lease_return_many(p_node text, p_items json, p_writer text, p_seq bigint,
  p_known_below bigint)
RETURNS TABLE (idx integer, kept boolean) LANGUAGE plpgsql SET enable_seqscan = off AS $$
DECLARE
  v_answer text;
  v_kinds char[];
  v_owners bigint[];
BEGIN
  IF NOT ferryman_claim(p_writer, p_seq, p_known_below) THEN
    SELECT w.answer INTO v_answer FROM ferryman_writes w WHERE w.writer = p_writer AND w.seq = p_seq;
  ELSE
    SELECT coalesce(array_agg(i.k), '{}'), coalesce(array_agg(i.o), '{}') INTO v_kinds, v_owners
      FROM json_to_recordset(p_items) AS i(k char, o bigint);
    PERFORM 1 FROM quota_leases l, unnest(v_kinds, v_owners) AS i(k, o)
      WHERE l.kind = i.k AND l.owner_id = i.o AND l.node = p_node ORDER BY l.kind, l.owner_id FOR UPDATE OF l;
    PERFORM 1 FROM tokens WHERE id = ANY (ARRAY(SELECT i.o FROM unnest(v_kinds, v_owners) AS i(k, o) WHERE i.k = 't'))
      ORDER BY id FOR UPDATE;
    PERFORM 1 FROM users WHERE id = ANY (ARRAY(SELECT i.o FROM unnest(v_kinds, v_owners) AS i(k, o) WHERE i.k = 'u'))
      ORDER BY id FOR UPDATE;
    SELECT coalesce(json_agg(json_build_object('idx', i.i, 'kept', ferryman_lease_return(p_node, i.k, i.o, i.r, i.h))), '[]')::text
      INTO v_answer
      FROM json_to_recordset(p_items) AS i(i integer, k char, o bigint, r bigint, h bigint);
    UPDATE ferryman_writes w SET answer = v_answer WHERE w.writer = p_writer AND w.seq = p_seq;
  END IF;
  IF v_answer IS NULL THEN RETURN; END IF;
  RETURN QUERY SELECT a.idx, a.kept FROM json_to_recordset(v_answer::json) AS a(idx integer, kept boolean);
END $$;

-- ferryman_lease_seen_many (sql/0021)
CREATE OR REPLACE FUNCTION ferryman_lease_seen_many(p_node text, p_items json)
RETURNS TABLE (idx integer, status integer, user_taken bigint, token_taken bigint, user_quota bigint, token_quota bigint,
  user_elsewhere bigint, token_elsewhere bigint) LANGUAGE plpgsql SET enable_seqscan = off AS $$
BEGIN
  PERFORM 1 FROM ferryman_nodes WHERE node = p_node FOR SHARE;
  PERFORM 1 FROM tokens
    WHERE id = ANY (ARRAY(SELECT i.t FROM json_to_recordset(p_items) AS i(t bigint, nt bigint) WHERE i.t > 0 AND i.nt > 0))
    ORDER BY id FOR UPDATE;
  PERFORM 1 FROM users WHERE id = ANY (ARRAY(SELECT i.u FROM json_to_recordset(p_items) AS i(u bigint))) ORDER BY id FOR UPDATE;
  RETURN QUERY SELECT i.i, s.status, s.user_taken, s.token_taken, s.user_quota, s.token_quota, s.user_elsewhere, s.token_elsewhere
    FROM json_to_recordset(p_items) AS i(i integer, u bigint, t bigint, nu bigint, wu bigint, nt bigint, wt bigint),
      LATERAL ferryman_lease_seen(p_node, i.u, i.t, i.nu, i.wu, i.nt, i.wt) s;
END $$;

-- users and tokens: every query reads `deleted_at IS NULL`, which nearly every row is, so these indexes can serve
-- none, and without statistics (a table filled since its last ANALYZE) the planner took them for selective and
-- read the whole table through them: a token load of 20 keys over 10 000 tokens in 7 ms against 1.5 with the
-- unique key. Every update that moves a row also wrote them.
DROP INDEX IF EXISTS idx_users_deleted_at;
DROP INDEX IF EXISTS idx_tokens_deleted_at;
