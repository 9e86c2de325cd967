-- ferryman_lease also answers what the other nodes hold leased of the user and of the token (user_elsewhere,
-- token_elsewhere). That quota is still its owner's: the balance a node reports to the low-balance notice counts it,
-- and a node the database is short for learns whether recalling it from the others could serve the request
-- (QuotaLeases.recall). Each sum is read after the owner's row is locked, so a slice another node took meanwhile
-- is counted in the row or in the sum, once.
DROP FUNCTION IF EXISTS ferryman_lease(text, bigint, bigint, bigint, bigint, bigint, bigint);

CREATE FUNCTION ferryman_lease(p_node text, p_user bigint, p_token bigint, p_need_u bigint, p_want_u bigint,
  p_need_t bigint, p_want_t bigint,
  OUT status integer, OUT user_taken bigint, OUT token_taken bigint, OUT user_quota bigint, OUT token_quota bigint,
  OUT user_elsewhere bigint, OUT token_elsewhere bigint)
LANGUAGE plpgsql AS $$
DECLARE
  t_remain bigint := 0;
  t_unlimited boolean := true;
  v_now bigint := ferryman_epoch();
BEGIN
  user_taken := 0; token_taken := 0; token_quota := 0; user_elsewhere := 0; token_elsewhere := 0;
  -- FOR SHARE: a reclaim of this node (which deletes the row) waits for this lease, or this lease sees it done.
  PERFORM 1 FROM ferryman_nodes WHERE node = p_node FOR SHARE;
  IF NOT FOUND THEN status := 4; user_quota := 0; RETURN; END IF;
  IF p_token > 0 AND p_need_t > 0 THEN
    SELECT remain_quota, unlimited_quota INTO t_remain, t_unlimited FROM tokens WHERE id = p_token FOR UPDATE;
    IF NOT FOUND THEN status := 3; user_quota := 0; RETURN; END IF;
    token_quota := t_remain;
    IF NOT t_unlimited THEN
      SELECT COALESCE(sum(amount), 0) INTO token_elsewhere FROM quota_leases WHERE kind = 't' AND owner_id = p_token AND node <> p_node;
    END IF;
    IF NOT t_unlimited AND t_remain < p_need_t THEN
      SELECT quota INTO user_quota FROM users WHERE id = p_user;
      status := 2; RETURN;
    END IF;
  END IF;
  SELECT quota INTO user_quota FROM users WHERE id = p_user FOR UPDATE;
  SELECT COALESCE(sum(amount), 0) INTO user_elsewhere FROM quota_leases WHERE kind = 'u' AND owner_id = p_user AND node <> p_node;
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
