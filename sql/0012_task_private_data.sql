-- new-api's tasks.private_data (TaskPrivateData, never shown to users): a video task's upstream id and
-- result URL, kept apart from the public task_… id the client sees.
ALTER TABLE tasks ADD COLUMN IF NOT EXISTS private_data text NOT NULL DEFAULT '';
