-- Reservation statements (QUOTA_LEASES=false) under a write key (ferryman_writes, WriteMarks). A statement whose
-- answer is lost after it committed has reserved quota for requests that were answered with an error: the node asks
-- again under the key with p_apply false, which either finds the key, with the reservations' outcomes kept in
-- `answer`, so the node refunds those that succeeded, or fences the key (nothing was reserved, and now nothing will
-- be: the lost attempt, should it still be running, finds the key taken and fails).
ALTER TABLE ferryman_writes ADD COLUMN IF NOT EXISTS answer text;

CREATE OR REPLACE FUNCTION ferryman_reserve_once(p_items json, p_writer text, p_seq bigint, p_known_below bigint,
  p_apply boolean DEFAULT true)
RETURNS TABLE (idx integer, status integer, user_quota bigint, token_quota bigint) LANGUAGE plpgsql AS $$
DECLARE
  v_answer text;
BEGIN
  DELETE FROM ferryman_writes WHERE writer = p_writer AND seq < p_known_below;
  INSERT INTO ferryman_writes (writer, seq) VALUES (p_writer, p_seq) ON CONFLICT DO NOTHING;
  IF NOT FOUND THEN
    SELECT w.answer INTO v_answer FROM ferryman_writes w WHERE w.writer = p_writer AND w.seq = p_seq;
  ELSIF p_apply THEN
    SELECT json_agg(r)::text INTO v_answer FROM ferryman_reserve_many(p_items) r;
    UPDATE ferryman_writes w SET answer = v_answer WHERE w.writer = p_writer AND w.seq = p_seq;
  END IF;
  IF v_answer IS NULL THEN RETURN; END IF;
  RETURN QUERY SELECT a.idx, a.status, a.user_quota, a.token_quota
    FROM json_to_recordset(v_answer::json) AS a(idx integer, status integer, user_quota bigint, token_quota bigint);
END $$;
