SET 'table.exec.state.ttl' = '1 d';
CREATE TABLE sales (category STRING, product STRING, amount INT) WITH ('connector' = 'datagen', 'rows-per-second' = '50', 'fields.category.length' = '1', 'fields.product.length' = '2', 'fields.amount.min' = '0', 'fields.amount.max' = '100');
CREATE TABLE top_sales (k STRING, other STRING, amount INT, rn BIGINT, PRIMARY KEY (k, rn) NOT ENFORCED) WITH ('connector' = 'blackhole');
INSERT INTO top_sales SELECT category, product, amount, rn FROM (SELECT category, product, amount, ROW_NUMBER() OVER (PARTITION BY category ORDER BY amount DESC) AS rn FROM sales) WHERE rn <= 3;
