-- expect: BLOCK unbounded-rank
-- expect-fix: Rank per window in the view ranked_scores, whose query ranks
-- expect-fix: ROW_NUMBER() OVER (PARTITION BY window_start, window_end, player ORDER BY points DESC) over TABLE(TUMBLE(TABLE scores, DESCRIPTOR(scored_at), INTERVAL '5' MINUTE))
-- expect-fix-absent: TABLE(TUMBLE(TABLE best_scores
-- The Top-3 scores per player in a view (ranked_scores) read through a second view that filters its rank (best_scores).
-- The window way read TABLE(TUMBLE(TABLE best_scores, DESCRIPTOR(scored_at), ...)): best_scores selects no scored_at,
-- and its rows are ranked already. The window goes where the ranking is written, over the table that view reads.
CREATE TABLE scores (
  player STRING,
  game STRING,
  points INT,
  scored_at TIMESTAMP(3),
  WATERMARK FOR scored_at AS scored_at - INTERVAL '5' SECOND
) WITH ('connector' = 'datagen', 'rows-per-second' = '10', 'fields.player.length' = '2');

CREATE TEMPORARY VIEW ranked_scores AS
SELECT player, game, points, ROW_NUMBER() OVER (PARTITION BY player ORDER BY points DESC) AS pos FROM scores;

CREATE TEMPORARY VIEW best_scores AS SELECT player, game, points FROM ranked_scores WHERE pos <= 3;

SELECT player, game, points FROM best_scores;
