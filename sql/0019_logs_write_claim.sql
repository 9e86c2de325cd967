-- A write's key (ferryman_writes, sql/0015) taken in one place: every keyed write, in SQL (the reservation, counters
-- and lease hand-back functions) and from the gateway (WriteMarks: the log COPY and the debts of returned leases),
-- calls this first. It deletes the writer's keys whose outcome the writer knows (seq below p_known_below) and
-- inserts p_seq's; false when that key is there already, i.e. an earlier attempt of the write committed. An attempt
-- still running is waited for: the insert conflicts with its key once it commits.
-- Named as a log migration so a separate log database (LOG_SQL_DSN), whose log batches keep their keys there, has it.
CREATE OR REPLACE FUNCTION ferryman_claim(p_writer text, p_seq bigint, p_known_below bigint) RETURNS boolean
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM ferryman_writes WHERE writer = p_writer AND seq < p_known_below;
  INSERT INTO ferryman_writes (writer, seq) VALUES (p_writer, p_seq) ON CONFLICT DO NOTHING;
  RETURN FOUND;
END $$;
