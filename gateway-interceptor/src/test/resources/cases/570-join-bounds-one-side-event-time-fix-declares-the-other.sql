-- expect: WARN stateful-without-ttl
-- expect-rewrite: watermark state-ttl-hint
-- expect-fix: Declare imp_time as event time in impressions (WATERMARK FOR imp_time AS imp_time - INTERVAL '5' SECOND): the join as written is then an interval join
-- expect-fix-absent: click_time as event time
-- A join bounded like an interval join (clicks within 10 minutes of their impression) where clicks has its
-- WATERMARK and impressions has none: Flink plans a regular Join that keeps both sides forever. The fix names the
-- structural way first, the one column still to declare as event time (the other already is), then the TTL; the
-- watermark rewrite declares that one WATERMARK only (ALTER TABLE impressions) and Flink plans an IntervalJoin.
CREATE TABLE clicks (
  user_id BIGINT,
  url STRING,
  click_time TIMESTAMP(3),
  WATERMARK FOR click_time AS click_time - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen');

CREATE TABLE impressions (
  user_id BIGINT,
  ad_id BIGINT,
  imp_time TIMESTAMP(3)
) WITH ('connector' = 'datagen');

CREATE TABLE ad_clicks (user_id BIGINT, ad_id BIGINT, url STRING) WITH ('connector' = 'blackhole');

INSERT INTO ad_clicks
SELECT i.user_id, i.ad_id, c.url
FROM impressions i
JOIN clicks c
  ON i.user_id = c.user_id
 AND c.click_time BETWEEN i.imp_time AND i.imp_time + INTERVAL '10' MINUTE;
