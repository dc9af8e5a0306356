-- Reading an upsert-kafka table as it is: Flink normalizes the upserts per key (ChangelogNormalize).
SELECT customer_id, name FROM customers WHERE tier = 'gold';
