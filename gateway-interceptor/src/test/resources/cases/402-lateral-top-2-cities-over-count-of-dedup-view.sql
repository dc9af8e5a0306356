-- expect: BLOCK unbounded-rank stateful-without-ttl
-- expect-fix: LATERAL
-- expect-fix-absent: TABLE ...
-- The cookbook's lateral join: the two most populous cities per state, where a view counts the people per city
-- and state over the latest arrival per person (a ROW_NUMBER Top-1 by arrival_time DESC: a Deduplicate, whose
-- result updates), and the query picks each state's top two with LATERAL (... ORDER BY population DESC LIMIT 2).
-- The ranking's fix names what the window would read (the table people, by name), speaks of the user's LATERAL
-- ... LIMIT (no PARTITION BY was written), and says what a window changes over the Deduplicate's updating result:
-- the window counts arrivals per window, where the view counts each person once, in the city of the latest arrival.
CREATE TEMPORARY TABLE people (
  id INT,
  city STRING,
  state STRING,
  arrival_time TIMESTAMP(3),
  WATERMARK FOR arrival_time AS arrival_time - INTERVAL '1' MINUTE
) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'fields.id.min' = '1', 'fields.id.max' = '100',
        'fields.city.length' = '2', 'fields.state.length' = '1');

CREATE TEMPORARY VIEW current_population AS
SELECT
    city,
    state,
    COUNT(*) as population
FROM (
    SELECT
        city,
        state,
        ROW_NUMBER() OVER (PARTITION BY id ORDER BY arrival_time DESC) AS rownum
    FROM people
)
WHERE rownum = 1
GROUP BY city, state;

SELECT
    state,
    city,
    population
FROM
    (SELECT DISTINCT state FROM current_population) states,
    LATERAL (
        SELECT city, population
        FROM current_population
        WHERE state = states.state
        ORDER BY population
        DESC LIMIT 2
);
