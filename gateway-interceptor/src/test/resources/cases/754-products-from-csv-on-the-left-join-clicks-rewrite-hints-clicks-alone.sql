-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- expect-reason: so the right side's state (clicks) grows forever; the left side (products) is a bounded source, read once
-- expect-fix: on the join's SELECT: /*+ STATE_TTL('k' = '1 d') */, leaving the side read once (p) out of the hint
-- expect-fix-absent: /*+ STATE_TTL('p' = '1 d', 'k' = '1 d') */
-- expect-fix-absent: JOIN clicks FOR SYSTEM_TIME AS OF
-- The bounded side on the left: products from JSON files read once (no 'source.monitor-interval'), joined with a
-- stream of clicks. The hint names the clicks' alias alone; the products keep their rows.
CREATE TABLE products (product_id BIGINT, title STRING, category STRING)
WITH ('connector' = 'filesystem', 'path' = 'file:///tmp/sql-guard-case-754', 'format' = 'json');

CREATE TABLE clicks (user_id STRING, product_id BIGINT, url STRING) WITH ('connector' = 'datagen');

SELECT p.category, p.title, k.user_id
FROM products p
JOIN clicks k ON p.product_id = k.product_id;
