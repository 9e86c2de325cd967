-- Email verification codes and password-reset tokens. new-api keeps them in process memory; Ferryman keeps
-- them here so they survive a restart and work on every node. Only a SHA-256 of the code is stored, a new
-- code for the same (purpose, email) replaces the old one, and a code is deleted when it is used.
CREATE TABLE IF NOT EXISTS verification_codes (
  purpose    text   NOT NULL,
  email      text   NOT NULL,
  code_hash  text   NOT NULL,
  expires_at bigint NOT NULL,
  PRIMARY KEY (purpose, email)
);
CREATE INDEX IF NOT EXISTS idx_verification_codes_expires_at ON verification_codes (expires_at);
