-- expect: BLOCK planner-error
-- expect-fix: name that column: DESCRIPTOR(event_time)
-- expect-fix-absent: Correct the statement as Flink's message says
-- decodableco/examples, scenarios/website_clickstream/aggregate_clickstream_data.sql: an hourly TUMBLE over
-- DESCRIPTOR(to_timestamp(event_datetime)), a string column converted in place. Flink fails with a cast error
-- ("SqlBasicCall cannot be cast to class org.apache.calcite.sql.SqlIdentifier"), and the fix said to correct the
-- statement as that message says, which names no statement's part. DESCRIPTOR takes a column: the fix now says to
-- declare the expression as a computed column with a WATERMARK and name it.
CREATE TABLE clickstream (
  site_id STRING,
  user_id STRING,
  event_datetime STRING,
  engagement ROW<seconds_on_data DOUBLE, percent_viewed DOUBLE>
) WITH ('connector' = 'datagen');

CREATE TABLE summary (
  window_start TIMESTAMP(3),
  window_end TIMESTAMP(3),
  site_id STRING,
  user_id STRING,
  pages_visited BIGINT,
  total_seconds_on_site DOUBLE,
  avg_percent_viewed DOUBLE
) WITH ('connector' = 'blackhole');

insert into summary
select window_start,
  window_end,
  site_id,
  user_id,
  count(1) as pages_visited,
  sum(engagement.seconds_on_data) as total_seconds_on_site,
  avg(engagement.percent_viewed) as avg_percent_viewed
  from table (
    tumble(
      table clickstream,
      descriptor(to_timestamp(event_datetime)),
      interval '1' hour
    )
  )
group by window_start,
  window_end,
  site_id,
  user_id;
