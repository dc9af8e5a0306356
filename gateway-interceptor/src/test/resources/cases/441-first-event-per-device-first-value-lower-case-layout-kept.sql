-- expect: BLOCK unbounded-rank dedup-not-recognized
-- expect-rewrite: watermark last-value
-- The first event per device by a plain TIMESTAMP(3), in lower case with the ranking block's FROM indented: the
-- FIRST_VALUE rewrite cuts `where rn = 1`, writes the table in place of the subquery and adds `group by
-- device_id` after the FROM clause at its indentation, in lower case as the user's FROM (issue 30 §1).
CREATE TABLE device_events (
  device_id STRING,
  reading DOUBLE,
  event_time TIMESTAMP(3)
) WITH ('connector' = 'datagen');

select device_id, reading
  from (
    select device_id, reading,
           row_number() over (partition by device_id order by event_time asc) as rn
      from device_events
  )
 where rn = 1;
