-- Quota leases (embedded single-node mode): a slice of a user's balance, and of a limited token's remaining
-- quota, moved into the node's memory with one statement, so most requests reserve without a database
-- round trip. Every slice is recorded here until it is handed back, so a crash never loses quota: at the
-- next start the node returns whatever is still leased.
CREATE TABLE IF NOT EXISTS quota_leases (
  kind       char(1) NOT NULL,   -- 'u' user balance, 't' token remaining quota
  owner_id   bigint  NOT NULL,
  amount     bigint  NOT NULL DEFAULT 0,
  updated_at bigint  NOT NULL DEFAULT 0,
  PRIMARY KEY (kind, owner_id)
);

-- Takes at least p_need (up to p_want) from the user, and from the token when it is limited. Nothing
-- changes unless both can give what is needed. status 0 ok, 1 user short, 2 token short, 3 token missing.
CREATE OR REPLACE FUNCTION ferryman_lease(p_user bigint, p_token bigint, p_need_u bigint, p_want_u bigint,
  p_need_t bigint, p_want_t bigint, p_now bigint,
  OUT status integer, OUT user_taken bigint, OUT token_taken bigint, OUT user_quota bigint, OUT token_quota bigint)
LANGUAGE plpgsql AS $$
DECLARE
  t_remain bigint := 0;
  t_unlimited boolean := true;
BEGIN
  user_taken := 0; token_taken := 0; token_quota := 0;
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
    INSERT INTO quota_leases (kind, owner_id, amount, updated_at) VALUES ('u', p_user, user_taken, p_now)
      ON CONFLICT (kind, owner_id) DO UPDATE SET amount = quota_leases.amount + EXCLUDED.amount, updated_at = p_now;
    user_quota := user_quota - user_taken;
  END IF;
  IF p_token > 0 AND p_need_t > 0 AND NOT t_unlimited THEN
    token_taken := LEAST(t_remain, GREATEST(p_need_t, p_want_t));
    UPDATE tokens SET remain_quota = remain_quota - token_taken WHERE id = p_token;
    INSERT INTO quota_leases (kind, owner_id, amount, updated_at) VALUES ('t', p_token, token_taken, p_now)
      ON CONFLICT (kind, owner_id) DO UPDATE SET amount = quota_leases.amount + EXCLUDED.amount, updated_at = p_now;
    token_quota := t_remain - token_taken;
  END IF;
  status := 0;
END $$;

-- Hands p_return back (negative: charges beyond what was leased) and records what the node still holds
-- (unassigned plus reserved by requests in flight); spent quota leaves the lease here.
CREATE OR REPLACE FUNCTION ferryman_lease_return(p_kind char, p_owner bigint, p_return bigint, p_still_held bigint, p_now bigint)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_return <> 0 THEN
    IF p_kind = 'u' THEN
      UPDATE users SET quota = quota + p_return WHERE id = p_owner;
    ELSE
      UPDATE tokens SET remain_quota = remain_quota + p_return WHERE id = p_owner;
    END IF;
  END IF;
  IF p_still_held = 0 THEN
    DELETE FROM quota_leases WHERE kind = p_kind AND owner_id = p_owner;
  ELSE
    UPDATE quota_leases SET amount = p_still_held, updated_at = p_now WHERE kind = p_kind AND owner_id = p_owner;
  END IF;
END $$;

-- Returns every outstanding lease (used at start by the only node of an embedded database).
CREATE OR REPLACE FUNCTION ferryman_reclaim_leases() RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE n bigint;
BEGIN
  UPDATE users SET quota = users.quota + l.amount FROM quota_leases l WHERE l.kind = 'u' AND users.id = l.owner_id;
  UPDATE tokens SET remain_quota = tokens.remain_quota + l.amount FROM quota_leases l WHERE l.kind = 't' AND tokens.id = l.owner_id;
  SELECT count(*) INTO n FROM quota_leases;
  DELETE FROM quota_leases;
  RETURN n;
END $$;
