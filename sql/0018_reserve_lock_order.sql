-- Rows of users and tokens locked in one order by every statement that writes several. ferryman_reserve_many
-- (sql/0002) now locks every row its items touch before the first of them: the tokens by id,
-- then the users by id, the order every other writer of both takes them in (a lease statement, one token and then
-- its user; the batched counters, their tokens and then their users, each by id). Item by item, a batch holding a
-- user's row waited for another token's row that a counters statement held while waiting for that user: a deadlock,
-- which PostgreSQL breaks after deadlock_timeout (1 s) by rolling one of them back.
CREATE OR REPLACE FUNCTION ferryman_reserve_many(p_items json)
RETURNS TABLE (idx integer, status integer, user_quota bigint, token_quota bigint)
LANGUAGE plpgsql AS $$
DECLARE
  item json;
  i integer := 0;
  r record;
BEGIN
  PERFORM 1 FROM tokens WHERE id IN (SELECT (x->>'t')::bigint FROM json_array_elements(p_items) x) ORDER BY id FOR UPDATE;
  PERFORM 1 FROM users WHERE id IN (SELECT (x->>'u')::bigint FROM json_array_elements(p_items) x) ORDER BY id FOR UPDATE;
  FOR item IN SELECT * FROM json_array_elements(p_items) LOOP
    SELECT * INTO r FROM ferryman_reserve((item->>'u')::bigint, (item->>'t')::bigint, (item->>'a')::bigint);
    idx := i; status := r.status; user_quota := r.user_quota; token_quota := r.token_quota;
    RETURN NEXT;
    i := i + 1;
  END LOOP;
END $$;

-- The batched counters (core/billing/batched-counters.ts) in that order too, under their write key (ferryman_writes,
-- as ferryman_reserve_once): nothing is applied when the key is there already (the batch committed before, its
-- answer lost). An UPDATE … FROM a list locks its rows in whatever order its plan reads the table, and two nodes'
-- counters, or a node's counters and a reservation batch, then waited for each other.
CREATE OR REPLACE FUNCTION ferryman_counters(p_writer text, p_seq bigint, p_known_below bigint, p_users json,
  p_tokens json, p_channels json)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM ferryman_writes WHERE writer = p_writer AND seq < p_known_below;
  INSERT INTO ferryman_writes (writer, seq) VALUES (p_writer, p_seq) ON CONFLICT DO NOTHING;
  IF NOT FOUND THEN RETURN; END IF;
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
