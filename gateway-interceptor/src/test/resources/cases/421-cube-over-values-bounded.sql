-- expect: OK
-- expect-absent: stateful-without-ttl
-- CUBE over rows of the statement's own VALUES: Flink's streaming plan reads them from a Values node, a bounded
-- source; the job ends once its three rows are read, and the aggregation's state holds what they give (one
-- accumulator per grouping set and its keys: eight). No key arrives later, so "grows as long as new values
-- arrive" is false and a TTL bounds nothing: not reported. It was (WARN, with "$e" among the keys).
SELECT region, channel, SUM(units) AS units
FROM (VALUES
    ('north', 'web', 3),
    ('north', 'shop', 1),
    ('south', 'web', 4))
AS deliveries(region, channel, units)
GROUP BY CUBE (region, channel);
