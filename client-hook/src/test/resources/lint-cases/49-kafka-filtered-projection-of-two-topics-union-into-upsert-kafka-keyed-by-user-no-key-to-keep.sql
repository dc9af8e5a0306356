-- expect: BLOCK on-conflict-required
-- expect-rewrite: on-conflict
-- expect-reason: the statement writes the rows of web_logins, app_logins as it reads them
-- expect-reason-absent: narrower type
-- The latest login per user from two append-only topics (neither declares a key), filtered and projected with UNION
-- ALL into an upsert-kafka topic keyed by user_id: the same kind as lint case 48, over two tables and a filter.
CREATE TABLE web_logins (
  user_id BIGINT,
  ip STRING,
  login_time TIMESTAMP(3),
  ok BOOLEAN
) WITH ('connector' = 'kafka', 'topic' = 'web-logins', 'properties.bootstrap.servers' = 'kafka:9092', 'format' = 'json');

CREATE TABLE app_logins (
  user_id BIGINT,
  ip STRING,
  login_time TIMESTAMP(3),
  ok BOOLEAN
) WITH ('connector' = 'kafka', 'topic' = 'app-logins', 'properties.bootstrap.servers' = 'kafka:9092', 'format' = 'json');

CREATE TABLE last_login (
  user_id BIGINT,
  ip STRING,
  login_time TIMESTAMP(3),
  PRIMARY KEY (user_id) NOT ENFORCED
) WITH ('connector' = 'upsert-kafka', 'topic' = 'last-login', 'properties.bootstrap.servers' = 'kafka:9092',
        'key.format' = 'json', 'value.format' = 'json');

INSERT INTO last_login
SELECT user_id, ip, login_time FROM web_logins WHERE ok
UNION ALL
SELECT user_id, ip, login_time FROM app_logins WHERE ok;
