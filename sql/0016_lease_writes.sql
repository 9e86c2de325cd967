-- Two changes to the lease statements.
--
-- 1. ferryman_lease_return is applied once per (p_writer, p_seq) (ferryman_writes): a node whose hand-back failed
--    calls it again with the same key and arguments before the slice's next statement, and gets the first call's
--    answer when it had committed. The writer's keys under p_known_below have known outcomes and go (WriteMarks).
--    Without a key (a node of the previous version, during a rolling upgrade) it applies every call.
--
-- 2. A token's remaining quota set by hand cancels the slices nodes hold of it by marking their rows `cancelled`
--    (amount 0) instead of deleting them. The node learns of it at its next statement for that slice, or sooner
--    when the edit's notice makes it look (QuotaLeases.cancelToken), and removes the row then: what the slice held
--    goes with the edit, what it spent before the node learned of it stays with the old value, what it spends after
--    is charged to the new one. Deleted rows could not tell a slice cancelled by an edit (spent quota forgiven) from
--    one returned by a reclaim (spent quota owed), so the spend between an edit and its notice was forgiven or charged
--    depending on which reached the node first. ferryman_lease answers status 5 for a cancelled token slice
--    (nothing taken); ferryman_lease_return answers NULL (nothing applied; a node of the previous version reads it as
--    a row gone, as before).
ALTER TABLE quota_leases ADD COLUMN IF NOT EXISTS cancelled boolean NOT NULL DEFAULT false;

DROP FUNCTION IF EXISTS ferryman_lease_return(text, char, bigint, bigint, bigint);

CREATE OR REPLACE FUNCTION ferryman_lease_return(p_node text, p_kind char, p_owner bigint, p_return bigint,
  p_still_held bigint, p_writer text DEFAULT NULL, p_seq bigint DEFAULT NULL, p_known_below bigint DEFAULT NULL)
RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  v_found boolean;
  v_cancelled boolean;
  v_outcome integer;
BEGIN
  IF p_writer IS NOT NULL THEN
    DELETE FROM ferryman_writes WHERE writer = p_writer AND seq < p_known_below;
    INSERT INTO ferryman_writes (writer, seq) VALUES (p_writer, p_seq) ON CONFLICT DO NOTHING;
    IF NOT FOUND THEN
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

-- ferryman_lease (sql/0010), and status 5 when the token's slice on this node was cancelled by an edit: its row is
-- removed and nothing is taken; the node drops the slice and leases again into a fresh one.
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
    -- after the token's row is locked, as the edit locks it before marking the slices
    DELETE FROM quota_leases WHERE kind = 't' AND owner_id = p_token AND node = p_node AND cancelled;
    IF FOUND THEN status := 5; user_quota := 0; RETURN; END IF;
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
