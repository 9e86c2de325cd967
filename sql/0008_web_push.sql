-- Web Push alerts for administrators (Ferryman's own; new-api has none).
-- push_vapid_keys holds the installation's one VAPID key pair, made at the first start: every node signs with
-- the same key, and browsers that subscribed keep working after a restart. The private key never leaves the
-- server (no route returns it, and it is not an option, so the options API cannot reach it).
CREATE TABLE IF NOT EXISTS push_vapid_keys (
  id          integer PRIMARY KEY CHECK (id = 1),
  public_key  text   NOT NULL,
  private_key text   NOT NULL,
  created_at  bigint NOT NULL
);

-- One row per browser an administrator subscribed. The endpoint is the push service's URL for that browser;
-- p256dh and auth are the browser's keys the payload is encrypted to. lang picks the notification's language.
CREATE TABLE IF NOT EXISTS push_subscriptions (
  id         bigserial PRIMARY KEY,
  user_id    bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  endpoint   text   NOT NULL UNIQUE,
  p256dh     text   NOT NULL,
  auth       text   NOT NULL,
  lang       text   NOT NULL DEFAULT 'zh-CN',
  created_at bigint NOT NULL
);
CREATE INDEX IF NOT EXISTS idx_push_subscriptions_user_id ON push_subscriptions (user_id);

-- Per administrator: alert when a channel's balance (USD, as channels.balance) falls below this; 0 = never.
CREATE TABLE IF NOT EXISTS push_preferences (
  user_id                   bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  channel_balance_threshold double precision NOT NULL DEFAULT 0
);
