-- restore on stock Flink 2.3.0: RESTORED (the same operators and key types: the Rank resumes with the buffers kept per category, now read per product)
-- expect-guard: WARN (it restores, but the restored buffers are each category's top rows, read only where a product's value equals a category's, and kept until the TTL expires them)
SET 'table.exec.state.ttl' = '1 d';
CREATE TABLE sales (category STRING, product STRING, amount INT) WITH ('connector' = 'datagen', 'rows-per-second' = '50', 'fields.category.length' = '1', 'fields.product.length' = '2', 'fields.amount.min' = '0', 'fields.amount.max' = '100');
CREATE TABLE top_sales (k STRING, other STRING, amount INT, rn BIGINT, PRIMARY KEY (k, rn) NOT ENFORCED) WITH ('connector' = 'blackhole');
INSERT INTO top_sales SELECT product, category, amount, rn FROM (SELECT category, product, amount, ROW_NUMBER() OVER (PARTITION BY product ORDER BY amount DESC) AS rn FROM sales) WHERE rn <= 3;
