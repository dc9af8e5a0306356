-- expect: WARN stateful-without-ttl
-- expect-fix: or for this aggregation alone in the view views_per_page (read through top_pages_named), whose aggregation this is, on its SELECT: /*+ STATE_TTL('page_views' = '1 d') */
-- Views counted per page in a view over a table without an alias, read through two more views (a filter, then a
-- projection): the fix names the view that aggregates and the view the statement reads.
CREATE TABLE page_views (page STRING, user_id STRING) WITH ('connector' = 'datagen');

CREATE TEMPORARY VIEW views_per_page AS
SELECT page, COUNT(*) AS view_count FROM page_views GROUP BY page;

CREATE TEMPORARY VIEW top_pages AS
SELECT page, view_count FROM views_per_page WHERE view_count > 100;

CREATE TEMPORARY VIEW top_pages_named AS
SELECT page AS page_name, view_count FROM top_pages;

SELECT page_name, view_count FROM top_pages_named;
