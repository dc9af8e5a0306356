-- expect: WARN interval-join-never-matches
-- expect-fix: the smaller: r.`timestamp` BETWEEN m.`timestamp` + INTERVAL '1' MINUTE AND m.`timestamp` + INTERVAL '10' MINUTE (or
-- Replies between one and ten minutes after their message, the time column named by the reserved word
-- `timestamp` and the BETWEEN bounds written the wrong way round: the fix is the user's condition with the two
-- bounds exchanged, names in back-ticks as written.
CREATE TABLE messages (
  message_id STRING,
  `timestamp` TIMESTAMP(3),
  WATERMARK FOR `timestamp` AS `timestamp` - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

CREATE TABLE replies (
  message_id STRING,
  body STRING,
  `timestamp` TIMESTAMP(3),
  WATERMARK FOR `timestamp` AS `timestamp` - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10');

SELECT m.message_id, r.body
FROM messages m
JOIN replies r ON m.message_id = r.message_id
  AND r.`timestamp` BETWEEN m.`timestamp` + INTERVAL '10' MINUTE AND m.`timestamp` + INTERVAL '1' MINUTE;
