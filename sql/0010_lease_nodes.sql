-- Quota leases on a shared PostgreSQL: every slice belongs to the node that holds it, and every node
-- heart-beats in ferryman_nodes. A node whose heartbeat is older than the timeout is dead to the others: any of
-- them returns its slices to their owners and deletes its row. A node that finds its own row gone (it was
-- too slow, not dead) stops using its slices and registers again under a new id. All times are the database's
-- clock, so nodes with skewed clocks agree on who is late.
CREATE TABLE IF NOT EXISTS ferryman_nodes (
  node         text   PRIMARY KEY,
  heartbeat_at bigint NOT NULL
);

ALTER TABLE quota_leases ADD COLUMN IF NOT EXISTS node text NOT NULL DEFAULT '';
ALTER TABLE quota_leases DROP CONSTRAINT IF EXISTS quota_leases_pkey;
ALTER TABLE quota_leases ADD PRIMARY KEY (kind, owner_id, node);

DROP FUNCTION IF EXISTS ferryman_lease(bigint, bigint, bigint, bigint, bigint, bigint, bigint);
DROP FUNCTION IF EXISTS ferryman_lease_return(char, bigint, bigint, bigint, bigint);
DROP FUNCTION IF EXISTS ferryman_reclaim_leases();

CREATE OR REPLACE FUNCTION ferryman_epoch() RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT floor(extract(epoch FROM clock_timestamp()))::bigint
$$;

-- Registers a node (or renews its heartbeat); false when a registered node's row is gone, i.e. it was declared dead.
CREATE OR REPLACE FUNCTION ferryman_node_beat(p_node text, p_register boolean) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  IF p_register THEN
    INSERT INTO ferryman_nodes (node, heartbeat_at) VALUES (p_node, ferryman_epoch())
      ON CONFLICT (node) DO UPDATE SET heartbeat_at = EXCLUDED.heartbeat_at;
    RETURN true;
  END IF;
  UPDATE ferryman_nodes SET heartbeat_at = ferryman_epoch() WHERE node = p_node;
  RETURN FOUND;
END $$;

-- Takes at least p_need (up to p_want) from the user, and from the token when it is limited, for node p_node.
-- Nothing changes unless both can give what is needed. status 0 ok, 1 user short, 2 token short, 3 token
-- missing, 4 the node is not registered (declared dead: it must register again before leasing).
CREATE OR REPLACE FUNCTION ferryman_lease(p_node text, p_user bigint, p_token bigint, p_need_u bigint, p_want_u bigint,
  p_need_t bigint, p_want_t bigint,
  OUT status integer, OUT user_taken bigint, OUT token_taken bigint, OUT user_quota bigint, OUT token_quota bigint)
LANGUAGE plpgsql AS $$
DECLARE
  t_remain bigint := 0;
  t_unlimited boolean := true;
  v_now bigint := ferryman_epoch();
BEGIN
  user_taken := 0; token_taken := 0; token_quota := 0;
  -- FOR SHARE: a reclaim of this node (which deletes the row) waits for this lease, or this lease sees it done.
  PERFORM 1 FROM ferryman_nodes WHERE node = p_node FOR SHARE;
  IF NOT FOUND THEN status := 4; user_quota := 0; RETURN; END IF;
  IF p_token > 0 AND p_need_t > 0 THEN
    SELECT remain_quota, unlimited_quota INTO t_remain, t_unlimited FROM tokens WHERE id = p_token FOR UPDATE;
    IF NOT FOUND THEN status := 3; user_quota := 0; RETURN; END IF;
    token_quota := t_remain;
    IF NOT t_unlimited AND t_remain < p_need_t THEN
      SELECT quota INTO user_quota FROM users WHERE id = p_user;
      status := 2; RETURN;
    END IF;
  END IF;
  SELECT quota INTO user_quota FROM users WHERE id = p_user FOR UPDATE;
  IF p_need_u > 0 THEN
    IF user_quota IS NULL OR user_quota <= 0 OR user_quota < p_need_u THEN status := 1; RETURN; END IF;
    user_taken := LEAST(user_quota, GREATEST(p_need_u, p_want_u));
    UPDATE users SET quota = quota - user_taken WHERE id = p_user;
    INSERT INTO quota_leases (kind, owner_id, node, amount, updated_at) VALUES ('u', p_user, p_node, user_taken, v_now)
      ON CONFLICT (kind, owner_id, node) DO UPDATE SET amount = quota_leases.amount + EXCLUDED.amount, updated_at = v_now;
    user_quota := user_quota - user_taken;
  END IF;
  IF p_token > 0 AND p_need_t > 0 AND NOT t_unlimited THEN
    token_taken := LEAST(t_remain, GREATEST(p_need_t, p_want_t));
    UPDATE tokens SET remain_quota = remain_quota - token_taken WHERE id = p_token;
    INSERT INTO quota_leases (kind, owner_id, node, amount, updated_at) VALUES ('t', p_token, p_node, token_taken, v_now)
      ON CONFLICT (kind, owner_id, node) DO UPDATE SET amount = quota_leases.amount + EXCLUDED.amount, updated_at = v_now;
    token_quota := t_remain - token_taken;
  END IF;
  status := 0;
END $$;

-- Hands p_return back (negative: charges beyond what was leased) and records what the node still holds
-- (unassigned plus reserved by requests in flight); spent quota leaves the lease here. When the lease row is
-- gone (its node was declared dead, or a token's remaining quota was set by hand), what it held has been
-- settled already: only a charge (negative p_return) still applies. Returns whether the row was there.
CREATE OR REPLACE FUNCTION ferryman_lease_return(p_node text, p_kind char, p_owner bigint, p_return bigint, p_still_held bigint)
RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  v_found boolean;
BEGIN
  PERFORM 1 FROM quota_leases WHERE kind = p_kind AND owner_id = p_owner AND node = p_node FOR UPDATE;
  v_found := FOUND;
  IF p_return < 0 OR (v_found AND p_return > 0) THEN
    IF p_kind = 'u' THEN
      UPDATE users SET quota = quota + p_return WHERE id = p_owner;
    ELSE
      UPDATE tokens SET remain_quota = remain_quota + p_return WHERE id = p_owner;
    END IF;
  END IF;
  IF NOT v_found THEN RETURN false; END IF;
  IF p_still_held = 0 THEN
    DELETE FROM quota_leases WHERE kind = p_kind AND owner_id = p_owner AND node = p_node;
  ELSE
    UPDATE quota_leases SET amount = p_still_held, updated_at = ferryman_epoch() WHERE kind = p_kind AND owner_id = p_owner AND node = p_node;
  END IF;
  RETURN true;
END $$;

-- Returns the slices of every node whose heartbeat is older than p_timeout seconds (all of them when
-- p_timeout is null: the one node of an embedded database, at start) and forgets those nodes.
CREATE OR REPLACE FUNCTION ferryman_reclaim_leases(p_timeout bigint DEFAULT NULL) RETURNS bigint LANGUAGE sql AS $$
  WITH dead AS (
    DELETE FROM ferryman_nodes WHERE p_timeout IS NULL OR heartbeat_at < ferryman_epoch() - p_timeout RETURNING node
  ), gone AS (
    -- node '': slices leased before nodes were recorded; a node that no longer exists: a slice whose lease
    -- committed while an earlier reclaim of its node was running
    DELETE FROM quota_leases l WHERE p_timeout IS NULL OR l.node = '' OR l.node IN (SELECT node FROM dead)
      OR NOT EXISTS (SELECT 1 FROM ferryman_nodes n WHERE n.node = l.node)
    RETURNING l.kind, l.owner_id, l.amount
  ), to_users AS (
    UPDATE users SET quota = users.quota + r.amount
    FROM (SELECT owner_id, sum(amount) AS amount FROM gone WHERE kind = 'u' GROUP BY owner_id) r WHERE users.id = r.owner_id
    RETURNING 1
  ), to_tokens AS (
    UPDATE tokens SET remain_quota = tokens.remain_quota + r.amount
    FROM (SELECT owner_id, sum(amount) AS amount FROM gone WHERE kind = 't' GROUP BY owner_id) r WHERE tokens.id = r.owner_id
    RETURNING 1
  )
  SELECT count(*) FROM gone
$$;
