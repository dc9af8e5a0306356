-- expect: WARN stateful-without-ttl
-- expect-rewrite: state-ttl-hint
-- expect-fix: or for this aggregation alone in the view views_per_page, whose aggregation this is, on its SELECT: /*+ STATE_TTL('page_views' = '1 d') */
-- Page views counted per page in a view, read by a statement that filters the counts; no session TTL. The
-- state-ttl-hint rewrite hints the view's aggregation, and its changes: line said "the state of this statement's
-- aggregation expires": it names the aggregation of the view views_per_page, whose definition is what it rewrites
-- (golden 783). Its fix offered only the session SET: it offers the hint in the view too, as the rewrite writes it.
CREATE TABLE page_views (page STRING, user_id STRING) WITH ('connector' = 'datagen');

CREATE TEMPORARY VIEW views_per_page AS
SELECT page, COUNT(*) AS view_count
FROM page_views
GROUP BY page;

SELECT page, view_count FROM views_per_page WHERE view_count > 100;
