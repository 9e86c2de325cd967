-- Console sessions, so a sign-in can be revoked. new-api keeps the whole session in the signed cookie, which
-- then works until it expires: after logout, a password change or a ban. The cookie now names a row here
-- and the sign-in counts only while the row exists and has not expired. `id` is the SHA-256 (hex) of the
-- random session id in the cookie; times are unix seconds. Rows go with the user on a hard delete.
CREATE TABLE IF NOT EXISTS sessions (
  id         text   PRIMARY KEY,
  user_id    bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at bigint NOT NULL,
  expires_at bigint NOT NULL
);
CREATE INDEX IF NOT EXISTS idx_sessions_user_id ON sessions (user_id);
CREATE INDEX IF NOT EXISTS idx_sessions_expires_at ON sessions (expires_at);
