-- expect: BLOCK ttl-not-a-table-option
-- expect-rewrite: ttl-as-job-setting
-- The job's TTL key written into an OPTIONS hint on each side of a join, 12 h for orders and 2 d for
-- payments. The rewrite keeps both: a STATE_TTL hint with one TTL per input, not one SET for the job.
CREATE TABLE orders (order_id STRING, amount DOUBLE) WITH ('connector' = 'datagen');

CREATE TABLE payments (order_id STRING, paid DOUBLE) WITH ('connector' = 'datagen');

SELECT o.order_id, o.amount, p.paid
FROM orders /*+ OPTIONS('table.exec.state.ttl' = '12 h') */ o
JOIN payments /*+ OPTIONS('table.exec.state.ttl' = '2 d') */ p
  ON o.order_id = p.order_id;
