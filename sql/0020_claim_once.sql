-- Two changes; migrations are append-only, so the functions are created again whole.
--
-- 1. The write key's delete-and-insert, written out in each keyed function since sql/0016, is ferryman_claim's
--    (sql/0019) in all of them: ferryman_lease_return (sql/0016), ferryman_reserve_once (sql/0017) and
--    ferryman_counters (sql/0018), otherwise as they were.
--
-- 2. ferryman_reclaim_leases (sql/0010) locks the rows it returns quota to in the order every other writer of users
--    and tokens takes them (sql/0018): the slices' rows, then their tokens by id, then their users by id. As one
--    statement it updated the users and then the tokens, each in its plan's order, and a counters statement locking
--    a token and waiting for its user while the reclaim held that user and waited for the token was a deadlock.

CREATE OR REPLACE FUNCTION ferryman_lease_return(p_node text, p_kind char, p_owner bigint, p_return bigint,
  p_still_held bigint, p_writer text DEFAULT NULL, p_seq bigint DEFAULT NULL, p_known_below bigint DEFAULT NULL)
RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  v_found boolean;
  v_cancelled boolean;
  v_outcome integer;
BEGIN
  IF p_writer IS NOT NULL THEN
    IF NOT ferryman_claim(p_writer, p_seq, p_known_below) THEN
      SELECT result INTO v_outcome FROM ferryman_writes WHERE writer = p_writer AND seq = p_seq;
      RETURN CASE v_outcome WHEN 1 THEN true WHEN 0 THEN false END;
    END IF;
  END IF;
  SELECT cancelled INTO v_cancelled FROM quota_leases WHERE kind = p_kind AND owner_id = p_owner AND node = p_node FOR UPDATE;
  v_found := FOUND;
  IF v_cancelled THEN
    DELETE FROM quota_leases WHERE kind = p_kind AND owner_id = p_owner AND node = p_node;
    v_outcome := 2;
  ELSE
    IF p_return < 0 OR (v_found AND p_return > 0) THEN
      IF p_kind = 'u' THEN
        UPDATE users SET quota = quota + p_return WHERE id = p_owner;
      ELSE
        UPDATE tokens SET remain_quota = remain_quota + p_return WHERE id = p_owner;
      END IF;
    END IF;
    IF v_found THEN
      IF p_still_held = 0 THEN
        DELETE FROM quota_leases WHERE kind = p_kind AND owner_id = p_owner AND node = p_node;
      ELSE
        UPDATE quota_leases SET amount = p_still_held, updated_at = ferryman_epoch() WHERE kind = p_kind AND owner_id = p_owner AND node = p_node;
      END IF;
    END IF;
    v_outcome := CASE WHEN v_found THEN 1 ELSE 0 END;
  END IF;
  IF p_writer IS NOT NULL THEN
    UPDATE ferryman_writes SET result = v_outcome WHERE writer = p_writer AND seq = p_seq;
  END IF;
  RETURN CASE v_outcome WHEN 1 THEN true WHEN 0 THEN false END;
END $$;

CREATE OR REPLACE FUNCTION ferryman_reserve_once(p_items json, p_writer text, p_seq bigint, p_known_below bigint,
  p_apply boolean DEFAULT true)
RETURNS TABLE (idx integer, status integer, user_quota bigint, token_quota bigint) LANGUAGE plpgsql AS $$
DECLARE
  v_answer text;
BEGIN
  IF NOT ferryman_claim(p_writer, p_seq, p_known_below) THEN
    SELECT w.answer INTO v_answer FROM ferryman_writes w WHERE w.writer = p_writer AND w.seq = p_seq;
  ELSIF p_apply THEN
    SELECT json_agg(r)::text INTO v_answer FROM ferryman_reserve_many(p_items) r;
    UPDATE ferryman_writes w SET answer = v_answer WHERE w.writer = p_writer AND w.seq = p_seq;
  END IF;
  IF v_answer IS NULL THEN RETURN; END IF;
  RETURN QUERY SELECT a.idx, a.status, a.user_quota, a.token_quota
    FROM json_to_recordset(v_answer::json) AS a(idx integer, status integer, user_quota bigint, token_quota bigint);
END $$;

CREATE OR REPLACE FUNCTION ferryman_counters(p_writer text, p_seq bigint, p_known_below bigint, p_users json,
  p_tokens json, p_channels json)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF NOT ferryman_claim(p_writer, p_seq, p_known_below) THEN RETURN; END IF;
  PERFORM 1 FROM tokens WHERE id IN (SELECT (x->>'id')::bigint FROM json_array_elements(p_tokens) x) ORDER BY id FOR UPDATE;
  UPDATE tokens SET remain_quota = tokens.remain_quota - d.q, used_quota = tokens.used_quota + d.u,
                    accessed_time = GREATEST(tokens.accessed_time, d.a)
    FROM json_to_recordset(p_tokens) AS d(id bigint, q bigint, u bigint, a bigint) WHERE tokens.id = d.id;
  PERFORM 1 FROM users WHERE id IN (SELECT (x->>'id')::bigint FROM json_array_elements(p_users) x) ORDER BY id FOR UPDATE;
  UPDATE users SET quota = users.quota - d.q, used_quota = users.used_quota + d.u, request_count = users.request_count + d.r
    FROM json_to_recordset(p_users) AS d(id bigint, q bigint, u bigint, r bigint) WHERE users.id = d.id;
  PERFORM 1 FROM channels WHERE id IN (SELECT (x->>'id')::bigint FROM json_array_elements(p_channels) x) ORDER BY id FOR UPDATE;
  UPDATE channels SET used_quota = channels.used_quota + d.u
    FROM json_to_recordset(p_channels) AS d(id bigint, u bigint) WHERE channels.id = d.id;
END $$;

CREATE OR REPLACE FUNCTION ferryman_reclaim_leases(p_timeout bigint DEFAULT NULL) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  v_dead text[];
  v_kinds char[];
  v_owners bigint[];
  v_nodes text[];
  v_count bigint;
BEGIN
  WITH dead AS (
    DELETE FROM ferryman_nodes WHERE p_timeout IS NULL OR heartbeat_at < ferryman_epoch() - p_timeout RETURNING node
  )
  SELECT coalesce(array_agg(node), '{}') INTO v_dead FROM dead;
  -- node '': slices leased before nodes were recorded; a node that no longer exists: a slice whose lease committed
  -- while an earlier reclaim of its node was running. Locked now, these rows stay as they are until deleted below.
  SELECT coalesce(array_agg(l.kind), '{}'), coalesce(array_agg(l.owner_id), '{}'), coalesce(array_agg(l.node), '{}')
    INTO v_kinds, v_owners, v_nodes
    FROM (SELECT kind, owner_id, node FROM quota_leases l
          WHERE p_timeout IS NULL OR l.node = '' OR l.node = ANY (v_dead)
             OR NOT EXISTS (SELECT 1 FROM ferryman_nodes n WHERE n.node = l.node)
          FOR UPDATE) l;
  PERFORM 1 FROM tokens WHERE id IN (SELECT o FROM unnest(v_kinds, v_owners) k(kind, o) WHERE kind = 't') ORDER BY id FOR UPDATE;
  PERFORM 1 FROM users WHERE id IN (SELECT o FROM unnest(v_kinds, v_owners) k(kind, o) WHERE kind = 'u') ORDER BY id FOR UPDATE;
  WITH gone AS (
    DELETE FROM quota_leases l USING unnest(v_kinds, v_owners, v_nodes) k(kind, owner_id, node)
    WHERE l.kind = k.kind AND l.owner_id = k.owner_id AND l.node = k.node
    RETURNING l.kind, l.owner_id, l.amount
  ), to_tokens AS (
    UPDATE tokens SET remain_quota = tokens.remain_quota + r.amount
    FROM (SELECT owner_id, sum(amount) AS amount FROM gone WHERE kind = 't' GROUP BY owner_id) r WHERE tokens.id = r.owner_id
    RETURNING 1
  ), to_users AS (
    UPDATE users SET quota = users.quota + r.amount
    FROM (SELECT owner_id, sum(amount) AS amount FROM gone WHERE kind = 'u' GROUP BY owner_id) r WHERE users.id = r.owner_id
    RETURNING 1
  )
  SELECT count(*) INTO v_count FROM gone;
  RETURN v_count;
END $$;
