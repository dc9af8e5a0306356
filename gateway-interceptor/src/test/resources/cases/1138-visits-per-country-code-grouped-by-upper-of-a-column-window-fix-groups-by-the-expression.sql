-- expect: WARN stateful-without-ttl
-- expect-fix: GROUP BY window_start, window_end, UPPER(country) over TABLE(TUMBLE(TABLE visits, DESCRIPTOR(visited_at), INTERVAL '5' MINUTE))
-- expect-fix-absent: window_end, country_code over
-- Visits per country code, UPPER(country) AS country_code: Flink's plan names the key country_code, the SELECT's name
-- for the expression. The window way grouped by country_code over TABLE(TUMBLE(TABLE visits, ...)), where it is no
-- column; it now groups by the expression as the statement writes it.
CREATE TABLE visits (
  visitor STRING,
  country STRING,
  visited_at TIMESTAMP(3),
  WATERMARK FOR visited_at AS visited_at - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'fields.country.length' = '2');

SELECT UPPER(country) AS country_code, COUNT(*) AS visit_count
FROM visits
GROUP BY UPPER(country);
