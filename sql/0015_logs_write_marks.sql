-- Writes that must apply once, although the answer to one can be lost after it committed (its connection cut at
-- that instant): the consume-log batches, the batched counters, the lease hand-backs, the debts of returned leases.
-- Each runs in a transaction whose first statement inserts its key (writer, seq) here; its writer tries it again
-- under the same key, where the insert waits for the first attempt if that is still running and conflicts if it
-- committed, so nothing is applied twice. `result` keeps what a write answered (a lease hand-back: whether its
-- row was there), for the attempt that finds it done. Every new key deletes its writer's earlier ones, whose outcome
-- the writer knows; `at` lets a node remove the last keys of writers that have gone.
-- On a separate log database (LOG_SQL_DSN) the log batches' keys are kept there, in the transaction of their COPY.
CREATE TABLE IF NOT EXISTS ferryman_writes (
  writer text    NOT NULL,
  seq    bigint  NOT NULL,
  result integer,
  at     bigint  NOT NULL DEFAULT floor(extract(epoch FROM now()))::bigint,
  PRIMARY KEY (writer, seq)
);
