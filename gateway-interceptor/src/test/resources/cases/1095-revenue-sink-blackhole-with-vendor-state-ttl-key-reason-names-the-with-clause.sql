-- expect: WARN ttl-not-a-table-option
-- expect-reason: 'sink.state-ttl', in the table's WITH clause, is not a table option: state TTL is a job setting
-- expect-reason: 'blackhole' refuses options it does not know
-- expect-reason-absent: in a WITH
-- A blackhole sink declared with a vendor's TTL key: the reason names the table's WITH clause in words (it read
-- "'sink.state-ttl' in a WITH is not a table option"), then what the connector does with the key.
CREATE TABLE revenue_sink (
  shop STRING,
  revenue DOUBLE
) WITH ('connector' = 'blackhole', 'sink.state-ttl' = '12 h');
