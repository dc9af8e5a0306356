-- expect: BLOCK ttl-not-a-table-option
-- expect-rewrite: ttl-as-job-setting
-- expect-fix: ALTER TABLE sales RESET ('state.ttl')
-- expect-fix: the session's 'table.exec.state.ttl' is already '60 min'
-- expect-fix-absent: SET 'table.exec.state.ttl' = '1 h'
-- The table's 'state.ttl' = '1 h' is the session's TTL written another way ('60 min'): removing the option is the
-- whole fix, and no SET is proposed or written.
SET 'table.exec.state.ttl' = '60 min';

CREATE TABLE sales (
  shop_id INT,
  amount DOUBLE
) WITH ('connector' = 'datagen', 'state.ttl' = '1 h');

SELECT shop_id, SUM(amount) AS revenue FROM sales GROUP BY shop_id;
