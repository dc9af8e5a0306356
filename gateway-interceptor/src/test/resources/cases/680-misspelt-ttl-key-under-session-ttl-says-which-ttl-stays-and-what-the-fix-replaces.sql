-- expect: WARN ttl-unknown-key
-- expect-rewrite: ttl-key
-- expect-reason: the state TTL stays the session's 'table.exec.state.ttl' = '2 h'
-- expect-fix: SET 'table.exec.state.ttl' = '12 h' (it replaces the session's '2 h')
-- The session's TTL is 2 h; a SET of 'table.exec.state-ttl' (a dash for the dot) changes nothing: the finding says
-- the 2 h stays, and its fix, Flink's key with the value written, says that it replaces those 2 h.
SET 'table.exec.state.ttl' = '2 h';

SET 'table.exec.state-ttl' = '12 h';
