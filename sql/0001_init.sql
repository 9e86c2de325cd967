-- new-api compatible schema (PostgreSQL dialect; runs unchanged on embedded PGlite).
-- Table and column names follow new-api so an existing new-api database or dump can be used as is.
-- Money and counters are bigint.

CREATE TABLE IF NOT EXISTS channels (
  id                   bigserial PRIMARY KEY,
  type                 bigint NOT NULL DEFAULT 0,
  key                  text NOT NULL DEFAULT '',
  openai_organization  text,
  test_model           text,
  status               bigint NOT NULL DEFAULT 1,
  name                 text NOT NULL DEFAULT '',
  weight               bigint NOT NULL DEFAULT 0,
  created_time         bigint NOT NULL DEFAULT 0,
  test_time            bigint NOT NULL DEFAULT 0,
  response_time        bigint NOT NULL DEFAULT 0,
  base_url             text DEFAULT '',
  other                text NOT NULL DEFAULT '',
  balance              double precision NOT NULL DEFAULT 0,
  balance_updated_time bigint NOT NULL DEFAULT 0,
  models               text NOT NULL DEFAULT '',
  "group"              varchar(64) NOT NULL DEFAULT 'default',
  used_quota           bigint NOT NULL DEFAULT 0,
  model_mapping        text DEFAULT '',
  status_code_mapping  varchar(1024) DEFAULT '',
  priority             bigint DEFAULT 0,
  auto_ban             bigint DEFAULT 1,
  other_info           text NOT NULL DEFAULT '',
  tag                  text,
  setting              text,
  param_override       text
);
CREATE INDEX IF NOT EXISTS idx_channels_name ON channels (name);
CREATE INDEX IF NOT EXISTS idx_channels_tag ON channels (tag);

CREATE TABLE IF NOT EXISTS tokens (
  id                   bigserial PRIMARY KEY,
  user_id              bigint NOT NULL DEFAULT 0,
  key                  char(48) NOT NULL,
  status               bigint NOT NULL DEFAULT 1,
  name                 text NOT NULL DEFAULT '',
  created_time         bigint NOT NULL DEFAULT 0,
  accessed_time        bigint NOT NULL DEFAULT 0,
  expired_time         bigint NOT NULL DEFAULT -1,
  remain_quota         bigint NOT NULL DEFAULT 0,
  unlimited_quota      boolean NOT NULL DEFAULT false,
  model_limits_enabled boolean NOT NULL DEFAULT false,
  model_limits         varchar(1024) NOT NULL DEFAULT '',
  allow_ips            text DEFAULT '',
  used_quota           bigint NOT NULL DEFAULT 0,
  "group"              text NOT NULL DEFAULT '',
  deleted_at           timestamptz
);
CREATE UNIQUE INDEX IF NOT EXISTS idx_tokens_key ON tokens (key);
CREATE INDEX IF NOT EXISTS idx_tokens_user_id ON tokens (user_id);
CREATE INDEX IF NOT EXISTS idx_tokens_name ON tokens (name);
CREATE INDEX IF NOT EXISTS idx_tokens_deleted_at ON tokens (deleted_at);

CREATE TABLE IF NOT EXISTS users (
  id            bigserial PRIMARY KEY,
  username      text NOT NULL,
  password      text NOT NULL,
  display_name  text NOT NULL DEFAULT '',
  role          bigint NOT NULL DEFAULT 1,
  status        bigint NOT NULL DEFAULT 1,
  email         text NOT NULL DEFAULT '',
  github_id     text NOT NULL DEFAULT '',
  oidc_id       text NOT NULL DEFAULT '',
  wechat_id     text NOT NULL DEFAULT '',
  telegram_id   text NOT NULL DEFAULT '',
  linux_do_id   text NOT NULL DEFAULT '',
  access_token  char(32),
  quota         bigint NOT NULL DEFAULT 0,
  used_quota    bigint NOT NULL DEFAULT 0,
  request_count bigint NOT NULL DEFAULT 0,
  "group"       varchar(64) NOT NULL DEFAULT 'default',
  aff_code      varchar(32),
  aff_count     bigint NOT NULL DEFAULT 0,
  aff_quota     bigint NOT NULL DEFAULT 0,
  aff_history   bigint NOT NULL DEFAULT 0,
  inviter_id    bigint NOT NULL DEFAULT 0,
  deleted_at    timestamptz,
  setting       text NOT NULL DEFAULT ''
);
CREATE UNIQUE INDEX IF NOT EXISTS idx_users_username ON users (username);
CREATE INDEX IF NOT EXISTS idx_users_display_name ON users (display_name);
CREATE INDEX IF NOT EXISTS idx_users_email ON users (email);
CREATE INDEX IF NOT EXISTS idx_users_github_id ON users (github_id);
CREATE INDEX IF NOT EXISTS idx_users_oidc_id ON users (oidc_id);
CREATE INDEX IF NOT EXISTS idx_users_wechat_id ON users (wechat_id);
CREATE INDEX IF NOT EXISTS idx_users_telegram_id ON users (telegram_id);
CREATE INDEX IF NOT EXISTS idx_users_linux_do_id ON users (linux_do_id);
CREATE UNIQUE INDEX IF NOT EXISTS idx_users_access_token ON users (access_token);
CREATE UNIQUE INDEX IF NOT EXISTS idx_users_aff_code ON users (aff_code);
CREATE INDEX IF NOT EXISTS idx_users_inviter_id ON users (inviter_id);
CREATE INDEX IF NOT EXISTS idx_users_deleted_at ON users (deleted_at);

CREATE TABLE IF NOT EXISTS options (
  key   text PRIMARY KEY,
  value text
);

CREATE TABLE IF NOT EXISTS redemptions (
  id            bigserial PRIMARY KEY,
  user_id       bigint NOT NULL DEFAULT 0,
  key           char(32) NOT NULL,
  status        bigint NOT NULL DEFAULT 1,
  name          text NOT NULL DEFAULT '',
  quota         bigint NOT NULL DEFAULT 100,
  created_time  bigint NOT NULL DEFAULT 0,
  redeemed_time bigint NOT NULL DEFAULT 0,
  used_user_id  bigint NOT NULL DEFAULT 0,
  deleted_at    timestamptz
);
CREATE UNIQUE INDEX IF NOT EXISTS idx_redemptions_key ON redemptions (key);
CREATE INDEX IF NOT EXISTS idx_redemptions_name ON redemptions (name);
CREATE INDEX IF NOT EXISTS idx_redemptions_deleted_at ON redemptions (deleted_at);

CREATE TABLE IF NOT EXISTS abilities (
  "group"    varchar(64) NOT NULL,
  model      varchar(255) NOT NULL,
  channel_id bigint NOT NULL,
  enabled    boolean NOT NULL DEFAULT true,
  priority   bigint DEFAULT 0,
  weight     bigint NOT NULL DEFAULT 0,
  tag        text,
  PRIMARY KEY ("group", model, channel_id)
);
CREATE INDEX IF NOT EXISTS idx_abilities_channel_id ON abilities (channel_id);
CREATE INDEX IF NOT EXISTS idx_abilities_priority ON abilities (priority);
CREATE INDEX IF NOT EXISTS idx_abilities_weight ON abilities (weight);
CREATE INDEX IF NOT EXISTS idx_abilities_tag ON abilities (tag);

CREATE TABLE IF NOT EXISTS logs (
  id                bigserial PRIMARY KEY,
  user_id           bigint NOT NULL DEFAULT 0,
  created_at        bigint NOT NULL DEFAULT 0,
  type              bigint NOT NULL DEFAULT 0,
  content           text NOT NULL DEFAULT '',
  username          text NOT NULL DEFAULT '',
  token_name        text NOT NULL DEFAULT '',
  model_name        text NOT NULL DEFAULT '',
  quota             bigint NOT NULL DEFAULT 0,
  prompt_tokens     bigint NOT NULL DEFAULT 0,
  completion_tokens bigint NOT NULL DEFAULT 0,
  use_time          bigint NOT NULL DEFAULT 0,
  is_stream         boolean NOT NULL DEFAULT false,
  channel_id        bigint NOT NULL DEFAULT 0,
  token_id          bigint NOT NULL DEFAULT 0,
  "group"           text NOT NULL DEFAULT '',
  other             text NOT NULL DEFAULT ''
);
CREATE INDEX IF NOT EXISTS idx_created_at_id ON logs (id, created_at);
CREATE INDEX IF NOT EXISTS idx_created_at_type ON logs (created_at, type);
CREATE INDEX IF NOT EXISTS idx_logs_user_id ON logs (user_id);
CREATE INDEX IF NOT EXISTS idx_logs_username ON logs (username);
CREATE INDEX IF NOT EXISTS index_username_model_name ON logs (model_name, username);
CREATE INDEX IF NOT EXISTS idx_logs_token_name ON logs (token_name);
CREATE INDEX IF NOT EXISTS idx_logs_model_name ON logs (model_name);
CREATE INDEX IF NOT EXISTS idx_logs_channel_id ON logs (channel_id);
CREATE INDEX IF NOT EXISTS idx_logs_token_id ON logs (token_id);
CREATE INDEX IF NOT EXISTS idx_logs_group ON logs ("group");

CREATE TABLE IF NOT EXISTS midjourneys (
  id          bigserial PRIMARY KEY,
  code        bigint NOT NULL DEFAULT 0,
  user_id     bigint NOT NULL DEFAULT 0,
  action      varchar(40) NOT NULL DEFAULT '',
  mj_id       text NOT NULL DEFAULT '',
  prompt      text NOT NULL DEFAULT '',
  prompt_en   text NOT NULL DEFAULT '',
  description text NOT NULL DEFAULT '',
  state       text NOT NULL DEFAULT '',
  submit_time bigint NOT NULL DEFAULT 0,
  start_time  bigint NOT NULL DEFAULT 0,
  finish_time bigint NOT NULL DEFAULT 0,
  image_url   text NOT NULL DEFAULT '',
  status      varchar(20) NOT NULL DEFAULT '',
  progress    varchar(30) NOT NULL DEFAULT '',
  fail_reason text NOT NULL DEFAULT '',
  channel_id  bigint NOT NULL DEFAULT 0,
  quota       bigint NOT NULL DEFAULT 0,
  buttons     text NOT NULL DEFAULT '',
  properties  text NOT NULL DEFAULT ''
);
CREATE INDEX IF NOT EXISTS idx_midjourneys_user_id ON midjourneys (user_id);
CREATE INDEX IF NOT EXISTS idx_midjourneys_action ON midjourneys (action);
CREATE INDEX IF NOT EXISTS idx_midjourneys_mj_id ON midjourneys (mj_id);
CREATE INDEX IF NOT EXISTS idx_midjourneys_submit_time ON midjourneys (submit_time);
CREATE INDEX IF NOT EXISTS idx_midjourneys_start_time ON midjourneys (start_time);
CREATE INDEX IF NOT EXISTS idx_midjourneys_finish_time ON midjourneys (finish_time);
CREATE INDEX IF NOT EXISTS idx_midjourneys_status ON midjourneys (status);
CREATE INDEX IF NOT EXISTS idx_midjourneys_progress ON midjourneys (progress);

CREATE TABLE IF NOT EXISTS top_ups (
  id          bigserial PRIMARY KEY,
  user_id     bigint NOT NULL DEFAULT 0,
  amount      bigint NOT NULL DEFAULT 0,
  money       double precision NOT NULL DEFAULT 0,
  trade_no    text NOT NULL DEFAULT '',
  create_time bigint NOT NULL DEFAULT 0,
  status      text NOT NULL DEFAULT ''
);
CREATE INDEX IF NOT EXISTS idx_top_ups_user_id ON top_ups (user_id);
CREATE INDEX IF NOT EXISTS idx_top_ups_trade_no ON top_ups (trade_no);

CREATE TABLE IF NOT EXISTS quota_data (
  id         bigserial PRIMARY KEY,
  user_id    bigint NOT NULL DEFAULT 0,
  username   varchar(64) NOT NULL DEFAULT '',
  model_name varchar(64) NOT NULL DEFAULT '',
  created_at bigint NOT NULL DEFAULT 0,
  token_used bigint NOT NULL DEFAULT 0,
  count      bigint NOT NULL DEFAULT 0,
  quota      bigint NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS idx_quota_data_user_id ON quota_data (user_id);
CREATE INDEX IF NOT EXISTS idx_qdt_model_user_name ON quota_data (model_name, username);
CREATE INDEX IF NOT EXISTS idx_qdt_created_at ON quota_data (created_at);

CREATE TABLE IF NOT EXISTS tasks (
  id          bigserial PRIMARY KEY,
  created_at  bigint NOT NULL DEFAULT 0,
  updated_at  bigint NOT NULL DEFAULT 0,
  task_id     varchar(50) NOT NULL DEFAULT '',
  platform    varchar(30) NOT NULL DEFAULT '',
  user_id     bigint NOT NULL DEFAULT 0,
  channel_id  bigint NOT NULL DEFAULT 0,
  quota       bigint NOT NULL DEFAULT 0,
  action      varchar(40) NOT NULL DEFAULT '',
  status      varchar(20) NOT NULL DEFAULT '',
  fail_reason text NOT NULL DEFAULT '',
  submit_time bigint NOT NULL DEFAULT 0,
  start_time  bigint NOT NULL DEFAULT 0,
  finish_time bigint NOT NULL DEFAULT 0,
  progress    varchar(20) NOT NULL DEFAULT '',
  properties  text NOT NULL DEFAULT '',
  data        text NOT NULL DEFAULT ''
);
CREATE INDEX IF NOT EXISTS idx_tasks_created_at ON tasks (created_at);
CREATE INDEX IF NOT EXISTS idx_tasks_task_id ON tasks (task_id);
CREATE INDEX IF NOT EXISTS idx_tasks_platform ON tasks (platform);
CREATE INDEX IF NOT EXISTS idx_tasks_user_id ON tasks (user_id);
CREATE INDEX IF NOT EXISTS idx_tasks_channel_id ON tasks (channel_id);
CREATE INDEX IF NOT EXISTS idx_tasks_action ON tasks (action);
CREATE INDEX IF NOT EXISTS idx_tasks_status ON tasks (status);
CREATE INDEX IF NOT EXISTS idx_tasks_submit_time ON tasks (submit_time);
CREATE INDEX IF NOT EXISTS idx_tasks_start_time ON tasks (start_time);
CREATE INDEX IF NOT EXISTS idx_tasks_finish_time ON tasks (finish_time);
CREATE INDEX IF NOT EXISTS idx_tasks_progress ON tasks (progress);

CREATE TABLE IF NOT EXISTS setups (
  id             bigserial PRIMARY KEY,
  version        varchar(50) NOT NULL,
  initialized_at bigint NOT NULL
);
