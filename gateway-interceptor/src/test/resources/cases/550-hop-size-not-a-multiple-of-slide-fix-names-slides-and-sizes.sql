-- expect: BLOCK planner-error
-- expect-fix: HOP's size (its 4th argument, 10 min) must be a whole multiple of its slide (its 3rd argument, 4 min)
-- expect-fix: a slide that divides it (INTERVAL '2' MINUTE or INTERVAL '5' MINUTE)
-- expect-fix: a size that is a multiple of it (INTERVAL '8' MINUTE or INTERVAL '12' MINUTE)
-- A 10-minute HOP sliding by 4 minutes (Flink's WindowAggregateTest#testUnsupportedException_HopSizeNonDivisible):
-- Flink 2.3.0 refuses it while translating ("HOP table function based aggregate requires size must be an integral
-- multiple of slide, but got size 600000 ms and slide 240000 ms", StreamExecWindowAggregateBase), which the guard
-- answered with "Correct the statement as Flink's message says". The fix names the argument that is which (HOP's 3rd
-- is the slide) and the nearest values that plan.
CREATE TABLE clicks (
  user_id STRING,
  url STRING,
  click_time TIMESTAMP(3),
  WATERMARK FOR click_time AS click_time - INTERVAL '1' SECOND
) WITH ('connector' = 'datagen');

SELECT user_id, window_start, window_end, COUNT(*) AS clicks
FROM TABLE(HOP(TABLE clicks, DESCRIPTOR(click_time), INTERVAL '4' MINUTE, INTERVAL '10' MINUTE))
GROUP BY user_id, window_start, window_end;
