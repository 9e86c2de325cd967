-- What a task submit (Midjourney, Suno) charged and to whom. new-api keeps no token id on a Midjourney
-- row, and a failed task must be credited back to the token as well as the user: the refund flips
-- refunded_at in the same statement that credits both, so it can apply once per task whoever polls.
CREATE TABLE IF NOT EXISTS task_charges (
  platform    varchar(10) NOT NULL,   -- 'mj' (midjourneys.id) or 'suno' (tasks.id)
  task_ref    bigint NOT NULL,
  user_id     bigint NOT NULL,
  token_id    bigint NOT NULL DEFAULT 0,
  quota       bigint NOT NULL,
  created_at  bigint NOT NULL,
  refunded_at bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (platform, task_ref)
);

-- The poller reads unfinished tasks oldest first.
CREATE INDEX IF NOT EXISTS idx_midjourneys_unfinished ON midjourneys (id) WHERE status NOT IN ('SUCCESS', 'FAILURE');
CREATE INDEX IF NOT EXISTS idx_tasks_unfinished ON tasks (id) WHERE status NOT IN ('SUCCESS', 'FAILURE');
