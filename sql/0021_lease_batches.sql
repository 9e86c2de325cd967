-- A node's lease statements in batches. Each refill of a slice and each write-back (a slice changed since its row
-- was last written, or handed back idle) was a statement of its own, one after the other in the node's one queue of
-- lease statements. With thousands of owners active (a slice per user and per limited token), every request was a
-- new owner's: its refill waited behind every other's, a tick's writes took longer than the tick and delayed the
-- consume logs flushed before them, and the gateway served a few hundred requests a second.
--
-- 1. ferryman_lease_return_many: the write-backs of many slices.
-- p_items: [{"i": its index, "k": "u"|"t", "o": owner id, "r": quota handed back, "h": amount the row keeps}, ...]. Each item is
-- ferryman_lease_return's (sql/0020) without a key of its own: the statement is applied once per (p_writer, p_seq),
-- and a call again with the same key answers the first call's outcomes (kept: true, false for a row the database had
-- already taken back, NULL for a slice cancelled by an edit of its token), stored in ferryman_writes.answer.
--
-- Rows are locked in the order every writer of users and tokens takes them (sql/0018, sql/0020): the slices' rows,
-- then their tokens by id, then their users by id.
CREATE OR REPLACE FUNCTION ferryman_lease_return_many(p_node text, p_items json, p_writer text, p_seq bigint,
  p_known_below bigint)
RETURNS TABLE (idx integer, kept boolean) LANGUAGE plpgsql AS $$
DECLARE
  v_answer text;
BEGIN
  IF NOT ferryman_claim(p_writer, p_seq, p_known_below) THEN
    SELECT w.answer INTO v_answer FROM ferryman_writes w WHERE w.writer = p_writer AND w.seq = p_seq;
  ELSE
    PERFORM 1 FROM quota_leases l, json_to_recordset(p_items) AS i(k char, o bigint)
      WHERE l.kind = i.k AND l.owner_id = i.o AND l.node = p_node ORDER BY l.kind, l.owner_id FOR UPDATE OF l;
    PERFORM 1 FROM tokens WHERE id IN (SELECT i.o FROM json_to_recordset(p_items) AS i(k char, o bigint) WHERE i.k = 't')
      ORDER BY id FOR UPDATE;
    PERFORM 1 FROM users WHERE id IN (SELECT i.o FROM json_to_recordset(p_items) AS i(k char, o bigint) WHERE i.k = 'u')
      ORDER BY id FOR UPDATE;
    SELECT coalesce(json_agg(json_build_object('idx', i.i, 'kept', ferryman_lease_return(p_node, i.k, i.o, i.r, i.h))), '[]')::text
      INTO v_answer
      FROM json_to_recordset(p_items) AS i(i integer, k char, o bigint, r bigint, h bigint);
    UPDATE ferryman_writes w SET answer = v_answer WHERE w.writer = p_writer AND w.seq = p_seq;
  END IF;
  IF v_answer IS NULL THEN RETURN; END IF;
  RETURN QUERY SELECT a.idx, a.kept FROM json_to_recordset(v_answer::json) AS a(idx integer, kept boolean);
END $$;

-- 2. ferryman_lease_seen_many: the refills waiting for the queue's next turn, at most one per slice.
-- p_items: [{"i": its index, "u": user, "t": token (0: none), "nu", "wu", "nt", "wt": ferryman_lease_seen's need and
-- want of each}, ...]; each item is ferryman_lease_seen's (sql/0014) and answers as it does. Before any item runs, the
-- node's row is locked as ferryman_lease locks it (a reclaim deleting it locks it first, then the tokens and users),
-- then the tokens by id, then the users by id, as every writer of both takes them.
CREATE OR REPLACE FUNCTION ferryman_lease_seen_many(p_node text, p_items json)
RETURNS TABLE (idx integer, status integer, user_taken bigint, token_taken bigint, user_quota bigint, token_quota bigint,
  user_elsewhere bigint, token_elsewhere bigint) LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM ferryman_nodes WHERE node = p_node FOR SHARE;
  PERFORM 1 FROM tokens WHERE id IN (SELECT i.t FROM json_to_recordset(p_items) AS i(t bigint, nt bigint) WHERE i.t > 0 AND i.nt > 0)
    ORDER BY id FOR UPDATE;
  PERFORM 1 FROM users WHERE id IN (SELECT i.u FROM json_to_recordset(p_items) AS i(u bigint)) ORDER BY id FOR UPDATE;
  RETURN QUERY SELECT i.i, s.status, s.user_taken, s.token_taken, s.user_quota, s.token_quota, s.user_elsewhere, s.token_elsewhere
    FROM json_to_recordset(p_items) AS i(i integer, u bigint, t bigint, nu bigint, wu bigint, nt bigint, wt bigint),
      LATERAL ferryman_lease_seen(p_node, i.u, i.t, i.nu, i.wu, i.nt, i.wt) s;
END $$;
