-- OAuth states issued by /api/oauth/state. new-api keeps the state only in the session cookie, so a copy of
-- that cookie replays it. A callback now spends the row (DELETE … RETURNING), once, on whichever node it
-- reaches; the cookie must still hold the same state. `expires_at` is unix seconds; expired rows are swept
-- when new states are issued.
CREATE TABLE IF NOT EXISTS oauth_states (
  state      text   PRIMARY KEY,
  expires_at bigint NOT NULL
);
CREATE INDEX IF NOT EXISTS idx_oauth_states_expires_at ON oauth_states (expires_at);
