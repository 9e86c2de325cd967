-- ferryman_lease_return, applied once per (p_writer, p_seq) (ferryman_writes): a node whose hand-back failed calls it
-- again with the same key and arguments before the slice's next statement, and gets the first call's answer when it
-- had committed. The writer's keys under p_known_below have known outcomes and go (WriteMarks). Without a key (a
-- node of the previous version, during a rolling upgrade) it applies every call.
DROP FUNCTION IF EXISTS ferryman_lease_return(text, char, bigint, bigint, bigint);

CREATE OR REPLACE FUNCTION ferryman_lease_return(p_node text, p_kind char, p_owner bigint, p_return bigint,
  p_still_held bigint, p_writer text DEFAULT NULL, p_seq bigint DEFAULT NULL, p_known_below bigint DEFAULT NULL)
RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  v_found boolean;
  v_done integer;
BEGIN
  IF p_writer IS NOT NULL THEN
    DELETE FROM ferryman_writes WHERE writer = p_writer AND seq < p_known_below;
    INSERT INTO ferryman_writes (writer, seq) VALUES (p_writer, p_seq) ON CONFLICT DO NOTHING;
    IF NOT FOUND THEN
      SELECT result INTO v_done FROM ferryman_writes WHERE writer = p_writer AND seq = p_seq;
      RETURN v_done = 1;
    END IF;
  END IF;
  PERFORM 1 FROM quota_leases WHERE kind = p_kind AND owner_id = p_owner AND node = p_node FOR UPDATE;
  v_found := FOUND;
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
  IF p_writer IS NOT NULL THEN
    UPDATE ferryman_writes SET result = CASE WHEN v_found THEN 1 ELSE 0 END WHERE writer = p_writer AND seq = p_seq;
  END IF;
  RETURN v_found;
END $$;
