-- ferryman_lease_seen: ferryman_lease, and what the other nodes hold leased of the user and of the token
-- (user_elsewhere, token_elsewhere). That quota is still its owner's: the balance a node reports to the low-balance
-- notice counts it, and a node the database is short for learns whether recalling it from the others could serve the
-- request (QuotaLeases.recall). Each sum is read by a statement of its own after ferryman_lease has locked the
-- owner's row, so it sees every slice committed before the lock: a slice another node took meanwhile is counted in
-- the row or in the sum, once. (The user's row is not locked when the token was short, status 2.)
CREATE OR REPLACE FUNCTION ferryman_lease_seen(p_node text, p_user bigint, p_token bigint, p_need_u bigint, p_want_u bigint,
  p_need_t bigint, p_want_t bigint,
  OUT status integer, OUT user_taken bigint, OUT token_taken bigint, OUT user_quota bigint, OUT token_quota bigint,
  OUT user_elsewhere bigint, OUT token_elsewhere bigint)
LANGUAGE plpgsql AS $$
BEGIN
  SELECT l.status, l.user_taken, l.token_taken, l.user_quota, l.token_quota
    INTO status, user_taken, token_taken, user_quota, token_quota
    FROM ferryman_lease(p_node, p_user, p_token, p_need_u, p_want_u, p_need_t, p_want_t) l;
  user_elsewhere := 0;
  token_elsewhere := 0;
  IF status IN (3, 4) THEN RETURN; END IF;
  SELECT COALESCE(sum(amount), 0) INTO user_elsewhere FROM quota_leases WHERE kind = 'u' AND owner_id = p_user AND node <> p_node;
  IF p_token > 0 AND p_need_t > 0 THEN
    SELECT COALESCE(sum(amount), 0) INTO token_elsewhere FROM quota_leases WHERE kind = 't' AND owner_id = p_token AND node <> p_node;
  END IF;
END $$;
