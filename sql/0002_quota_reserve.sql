-- Atomic quota reservation: the one statement the relay runs per request. Locks the token row first,
-- then checks and debits the user; nothing changes unless both have enough. Returns
-- status 0 = reserved, 1 = user quota insufficient, 2 = token quota insufficient, 3 = token missing,
-- with the balances seen, for the error message.
CREATE OR REPLACE FUNCTION ferryman_reserve(p_user bigint, p_token bigint, p_amount bigint,
  OUT status integer, OUT user_quota bigint, OUT token_quota bigint)
LANGUAGE plpgsql AS $$
DECLARE
  t_remain bigint := 0;
  t_unlimited boolean := true;
BEGIN
  IF p_token > 0 THEN
    SELECT remain_quota, unlimited_quota INTO t_remain, t_unlimited FROM tokens WHERE id = p_token FOR UPDATE;
    IF NOT FOUND THEN
      status := 3; user_quota := 0; token_quota := 0; RETURN;
    END IF;
    IF NOT t_unlimited AND t_remain < p_amount THEN
      SELECT quota INTO user_quota FROM users WHERE id = p_user;
      status := 2; token_quota := t_remain; RETURN;
    END IF;
  END IF;
  UPDATE users SET quota = quota - p_amount WHERE id = p_user AND quota >= p_amount AND quota > 0
    RETURNING quota INTO user_quota;
  IF NOT FOUND THEN
    SELECT quota INTO user_quota FROM users WHERE id = p_user;
    status := 1; token_quota := t_remain; RETURN;
  END IF;
  IF p_token > 0 THEN
    UPDATE tokens SET remain_quota = CASE WHEN unlimited_quota THEN remain_quota ELSE remain_quota - p_amount END,
                      used_quota = used_quota + p_amount
      WHERE id = p_token;
  END IF;
  status := 0; token_quota := t_remain - p_amount;
END $$;

-- Several reservations in one statement, applied in order: concurrent requests share one round trip
-- instead of queueing one statement each. Each item is independent (one failing does not undo another).
CREATE OR REPLACE FUNCTION ferryman_reserve_many(p_items json)
RETURNS TABLE (idx integer, status integer, user_quota bigint, token_quota bigint)
LANGUAGE plpgsql AS $$
DECLARE
  item json;
  i integer := 0;
  r record;
BEGIN
  FOR item IN SELECT * FROM json_array_elements(p_items) LOOP
    SELECT * INTO r FROM ferryman_reserve((item->>'u')::bigint, (item->>'t')::bigint, (item->>'a')::bigint);
    idx := i; status := r.status; user_quota := r.user_quota; token_quota := r.token_quota;
    RETURN NEXT;
    i := i + 1;
  END LOOP;
END $$;
