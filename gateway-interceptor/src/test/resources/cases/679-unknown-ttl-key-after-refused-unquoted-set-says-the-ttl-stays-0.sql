-- expect: WARN ttl-unknown-key
-- expect-rewrite: ttl-key
-- refused-setup: unquoted-set-after-comment
-- expect-reason: the state TTL stays 0, Flink's default where the session sets no 'table.exec.state.ttl', so state never expires
-- expect-reason-absent: keeps its previous TTL
-- The first SET is refused (an unquoted SET after a block comment), so the session has no TTL when 'state.ttl' (a key Flink
-- does not read) is set: the finding says the TTL the state keeps, 0, which never expires, where it said "its
-- previous TTL" (round 54's new user).
/* the TTL for the job */
SET table.exec.state.ttl = 1d;

SET 'state.ttl' = '1 d';
