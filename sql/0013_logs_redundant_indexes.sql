-- Two of the logs table's eleven indexes serve no query the others do not: idx_created_at_id (id, created_at) is
-- the partitioned table's primary key again, and idx_logs_model_name (model_name) is the leading column of
-- index_username_model_name. Every log row paid both index inserts; on the embedded database that was a tenth of
-- the database thread's CPU per relayed request. Dropping a partitioned index drops its partitions' copies.
DROP INDEX IF EXISTS idx_created_at_id;
DROP INDEX IF EXISTS idx_logs_model_name;
